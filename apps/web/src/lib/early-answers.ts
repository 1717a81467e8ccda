/**
 * GET requests sent before the code that reads them has arrived (issue 30, decision 0216): the
 * entry sends a first screen's calls as soon as it runs, and `apiRequest` takes each answer once
 * instead of asking again. An answer is only taken with the same access token and within a
 * short while; one that nobody takes is dropped with the page.
 */
interface EarlyAnswer {
  token: string;
  response: Promise<Response>;
  /** performance.now() after which it is no longer taken */
  until: number;
}

const answers = new Map<string, EarlyAnswer>();
const keptFor = 30_000;

/** A part of an answer that carries several GETs' answers (GET /users/me/academy-home). */
interface AnswerPart {
  url: string;
  status: number;
  body: unknown;
}

const json = { 'content-type': 'application/json' };

/**
 * Sends one GET of `togetherUrl`, whose answer carries the answers of `urls` (`{ parts: [{ url,
 * status, body }] }`, decision 0230), and keeps each part as the early answer to its URL: on a slow
 * connection one request instead of several that share the browser's six connections with the
 * page's code. A refusal of the whole (a 401, a 5xx) is each part's answer, so each goes through
 * apiRequest's rules (a 401 refreshes the session and asks again alone); a URL the answer does
 * not carry is asked alone.
 */
export function askEarlyTogether(togetherUrl: string, urls: readonly string[], token: string): void {
  const until = performance.now() + keptFor;
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const together = fetch(togetherUrl, { headers }).then(async (response) => {
    if (!response.ok) return { status: response.status, text: await response.text() };
    const { parts } = (await response.json()) as { parts: AnswerPart[] };
    return new Map(parts.map((part) => [part.url, part]));
  });
  for (const url of urls) {
    const response = together.then((answer) => {
      if (!(answer instanceof Map))
        return new Response(answer.text, { status: answer.status, headers: json });
      const part = answer.get(url);
      if (!part) return fetch(url, { headers });
      return new Response(JSON.stringify(part.body), { status: part.status, headers: json });
    });
    // a failure is read by whoever takes it (apiRequest: a network error), or by nobody
    response.catch(() => undefined);
    answers.set(url, { token, response, until });
  }
}

/** The early answer to a GET of `url` sent with `token`, once; undefined when there is none. */
export function takeEarly(url: string, token: string | null): Promise<Response> | undefined {
  const answer = answers.get(url);
  if (!answer) return undefined;
  answers.delete(url);
  return answer.token === token && performance.now() <= answer.until ? answer.response : undefined;
}
