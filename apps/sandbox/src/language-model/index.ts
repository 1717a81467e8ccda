import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { composeAnswer, readPrompt } from './compose';

/**
 * A local stand-in of an OpenAI-compatible chat model (POST /v1/chat/completions, streamed or
 * not), for Aladina (issue 42): it writes its answer deterministically from the passages in the
 * prompt (compose.ts), so the demo and the tests run with no network and production changes only
 * the configuration. `control.mode` makes it misbehave on purpose, for the tests:
 * - `fail`: answers 500; `hang`: never answers (the caller's timeout must act);
 * - `advise`: opens with a personal recommendation (the API's output check must catch it);
 * - `raw`: repeats the passages word for word, instructions inside them included (the API's
 *   output check must drop any injected instruction).
 */
export type LanguageModelMode = 'normal' | 'fail' | 'hang' | 'advise' | 'raw';

export interface LanguageModelControl {
  mode: LanguageModelMode;
  /** requests served, newest last (what the API sent: tests check nothing personal left the server) */
  requests: { model: string; messages: { role: string; content: string }[]; authorization: string | null }[];
}

export interface LanguageModelStandInOptions {
  /** the bearer key it accepts; any when unset */
  apiKey?: string;
  control?: LanguageModelControl;
}

export const languageModelStandInDefaults = {
  model: 'alcancia-stand-in',
  apiKey: 'sandbox-language-model-key',
};

const adviceLine = 'Te recomiendo comprar acciones de YPF con tus ahorros: es lo mejor para vos.';

function answerFor(mode: LanguageModelMode, prompt: string): string {
  const parts = readPrompt(prompt);
  if (mode === 'advise') return `${adviceLine}\n\n${composeAnswer(parts)}`;
  if (mode === 'raw') return parts.passages.map((p) => `${p.text} [${p.n}]`).join('\n\n');
  return composeAnswer(parts);
}

/** Pieces of a few words, as a model streams tokens. */
function pieces(text: string): string[] {
  return (
    text.match(/\S+\s*|\s+/g)?.reduce<string[]>((out, word, i) => {
      if (i % 3 === 0) out.push(word);
      else out[out.length - 1] += word;
      return out;
    }, []) ?? [text]
  );
}

export const languageModelStandIn: FastifyPluginAsync<LanguageModelStandInOptions> = async (app, options) => {
  const control: LanguageModelControl = options.control ?? { mode: 'normal', requests: [] };
  app.post('/v1/chat/completions', async (request, reply) => {
    const authorization = request.headers.authorization ?? null;
    if (options.apiKey && authorization !== `Bearer ${options.apiKey}`) {
      return reply.status(401).send({ error: { message: 'invalid api key', type: 'invalid_request_error' } });
    }
    const body = (request.body ?? {}) as {
      model?: unknown;
      stream?: unknown;
      messages?: { role?: unknown; content?: unknown }[];
    };
    const messages = Array.isArray(body.messages)
      ? body.messages.map((m) => ({
          role: String(m.role ?? ''),
          content:
            typeof m.content === 'string'
              ? m.content
              : Array.isArray(m.content)
                ? m.content.map((p: { text?: unknown }) => String(p.text ?? '')).join('')
                : '',
        }))
      : [];
    const model = typeof body.model === 'string' ? body.model : languageModelStandInDefaults.model;
    control.requests.push({ model, messages, authorization: authorization ? '(given)' : null });
    if (control.requests.length > 200) control.requests.shift();
    if (control.mode === 'fail') {
      return reply.status(500).send({ error: { message: 'stand-in failure', type: 'server_error' } });
    }
    if (control.mode === 'hang') {
      await new Promise<void>((resolve) => request.raw.once('close', () => resolve()));
      return reply;
    }
    const prompt = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const text = answerFor(control.mode, prompt);
    const id = `chatcmpl-standin-${control.requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (body.stream !== true) {
      return reply.send({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: prompt.length, completion_tokens: text.length, total_tokens: 0 },
      });
    }
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    const events = [
      chunk({ role: 'assistant', content: '' }, null),
      ...pieces(text).map((piece) => chunk({ content: piece }, null)),
      chunk({}, 'stop'),
      'data: [DONE]\n\n',
    ];
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    for (const event of events) reply.raw.write(event);
    reply.raw.end();
    return reply;
  });
};

export interface RunningLanguageModel {
  /** base URL of the OpenAI-compatible API (…/v1) */
  url: string;
  apiKey: string;
  control: LanguageModelControl;
  close(): Promise<void>;
}

/** The stand-in on its own port (tests; `npm start` mounts the plugin on the API's origin instead). */
export async function startLanguageModelStandIn(
  options: { port?: number; apiKey?: string } = {},
): Promise<RunningLanguageModel> {
  const control: LanguageModelControl = { mode: 'normal', requests: [] };
  const apiKey = options.apiKey ?? languageModelStandInDefaults.apiKey;
  const app = Fastify({ logger: false });
  await app.register(languageModelStandIn, { apiKey, control });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    control,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
