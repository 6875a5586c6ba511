/**
 * Draws one component into the test page with React's own root, and takes it away again. The page is
 * a real browser with real events, so React schedules its updates as it does for a customer (no act()
 * environment); the assertions wait for what they expect (expect.element, expect.poll).
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

export interface Drawn {
  remove(): void;
}

export function draw(element: ReactNode): Drawn {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(element));
  return {
    remove() {
      root.unmount();
      container.remove();
    },
  };
}

/** A request the drawn component sent to the API: its path, its JSON body and its headers. */
export interface ApiRequest {
  path: string;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * An answer of the API as the server sends it: an envelope with its HTTP status (tests build the
 * envelope as the route does), or 'offline' for a network failure (fetch rejects, as when the connection
 * is gone). An answer the test holds back is a promise of one (`held`).
 */
export type ApiReply = { status: number; body: object } | 'offline';

export interface Api {
  /** Every API request made since serveApi, oldest first. */
  requests: ApiRequest[];
  /** Those made to one path. */
  sent(path: string): ApiRequest[];
  /** The browser's own fetch again. */
  restore(): void;
}

/**
 * Stands in for the API at the network's edge: the browser's fetch answers requests to `/Api/…` with
 * what `answer` returns, and records them. Everything the component does with a request and its answer
 * (the API client, the envelope, the messages) runs as it does for a customer; other requests pass.
 */
export function serveApi(answer: (request: ApiRequest) => ApiReply | Promise<ApiReply>): Api {
  const browserFetch = window.fetch;
  const requests: ApiRequest[] = [];
  window.fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (!path.startsWith('/Api/')) return browserFetch(input, init);
    const text = await request.text();
    const sent: ApiRequest = { path, body: text ? JSON.parse(text) : {}, headers: request.headers };
    requests.push(sent);
    const reply = await answer(sent);
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    requests,
    sent: (path) => requests.filter((request) => request.path === path),
    restore: () => {
      window.fetch = browserFetch;
    },
  };
}

/** A promise the test resolves when it chooses: an answer held back while the component waits. */
export function held<T>() {
  let release: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
