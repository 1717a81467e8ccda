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

/** Sends a GET of each URL (`/api/…`, as apiRequest builds them) with the session's token. */
export function askEarly(urls: readonly string[], token: string): void {
  const until = performance.now() + keptFor;
  for (const url of urls) {
    const response = fetch(url, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
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
