import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import type { FastifyInstance } from 'fastify';
import { type Config, languageModelStandInPrefix } from '../../config';
import { loadSandbox } from '../sandbox';

/** What Aladina asks a language model: the rules, and the question with its passages. */
export interface ComposeRequest {
  system: string;
  prompt: string;
  /** aborted on her leaving or on the timeout */
  signal: AbortSignal;
}

/**
 * The answer composer port (issue 42): the answer's text, piece by piece. It throws (or its
 * iteration does) when the model fails; the caller then gives the passages alone.
 */
export interface AnswerComposer {
  stream(request: ComposeRequest): AsyncIterable<string>;
}

/**
 * An OpenAI-compatible chat API through the `ai` package: a hosted model in production, the
 * sandbox stand-in elsewhere — the same adapter, only the configuration differs. The key goes in
 * the Authorization header and nowhere else (never logged).
 */
export class OpenAiCompatibleComposer implements AnswerComposer {
  private readonly provider;
  constructor(private readonly settings: { baseUrl: string; model: string; apiKey: string }) {
    this.provider = createOpenAICompatible({
      name: 'aladina',
      baseURL: settings.baseUrl,
      ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    });
  }

  async *stream({ system, prompt, signal }: ComposeRequest): AsyncIterable<string> {
    const result = streamText({
      model: this.provider.chatModel(this.settings.model),
      system,
      prompt,
      abortSignal: signal,
      maxRetries: 0,
      temperature: 0,
      // the failure reaches the caller as the stream's error part; the SDK's default would print
      // it, request body (her masked question, the passages) included
      onError: () => undefined,
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') yield part.text;
      else if (part.type === 'error')
        throw part.error instanceof Error ? part.error : new Error('model error');
      else if (part.type === 'abort') throw new Error('model call aborted');
    }
  }
}

/** The configured composer, or null when production runs without a model (passages only). */
export function createAnswerComposer(config: Config): AnswerComposer | null {
  const settings = config.aladina;
  if (settings.mode === 'disabled') return null;
  return new OpenAiCompatibleComposer(settings);
}

/** Outside production without ALADINA_MODEL_URL, the API plays the model on its own origin. */
export async function mountLanguageModelStandIn(app: FastifyInstance, config: Config): Promise<void> {
  if (config.aladina.mode !== 'stand-in') return;
  const { languageModelStandIn } = await loadSandbox(config);
  await app.register(languageModelStandIn, {
    prefix: languageModelStandInPrefix,
    apiKey: config.aladina.apiKey,
  });
}
