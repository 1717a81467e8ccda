import type { AladinaAnswerMeta } from '@alcancia/contract/aladina';
import { apiRequest, apiStream } from '../../lib/api-client';

/** What the answer's stream has brought so far. */
export interface AnswerState {
  meta: AladinaAnswerMeta | null;
  text: string;
  done: { fallback: boolean; outcome: AladinaAnswerMeta['outcome']; notice: string | null } | null;
}

/** Splits a server-sent events body into its events (`event:` and one `data:` line each). */
export function readEvents(chunk: string): { events: { event: string; data: unknown }[]; rest: string } {
  const blocks = chunk.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    const event = /^event: (\w+)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (!event || data === undefined) return [];
    try {
      return [{ event, data: JSON.parse(data) as unknown }];
    } catch {
      return [];
    }
  });
  return { events, rest };
}

/** POST /api/aladina/questions: calls `onUpdate` as the answer arrives; throws ApiError on a refusal. */
export async function askAladina(
  question: string,
  onUpdate: (state: AnswerState) => void,
  signal?: AbortSignal,
): Promise<AnswerState> {
  const response = await apiStream('/aladina/questions', {
    method: 'POST',
    body: { question },
    headers: { accept: 'text/event-stream' },
    ...(signal ? { signal } : {}),
  });
  const state: AnswerState = { meta: null, text: '', done: null };
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return state;
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const { events, rest } = readEvents(buffer + value);
    buffer = rest;
    for (const { event, data } of events) {
      if (event === 'meta') state.meta = data as AladinaAnswerMeta;
      if (event === 'delta') state.text += (data as { text: string }).text;
      if (event === 'done') state.done = data as AnswerState['done'];
    }
    if (events.length) onUpdate({ ...state });
  }
  return state;
}

export function rateAnswer(questionId: string, rating: 'up' | 'down') {
  return apiRequest(`/aladina/questions/${questionId}/rating`, { method: 'POST', body: { rating } });
}
