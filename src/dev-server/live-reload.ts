import type { IncomingMessage, ServerResponse } from 'node:http';
import { liveReloadScript, type DiagnosticView, type LiveReloadClientOptions } from './live-reload-client.js';

/** Path of the Server-Sent Events stream; outside any baseUrl a site could use. */
export const EVENTS_PATH = '/__docsgen/events';

export type LiveReloadEvent =
  | { type: 'reload'; build: string; all: boolean; paths: string[] }
  | { type: 'css'; build: string; from: string[]; to: string[] }
  | { type: 'error-overlay'; errors: DiagnosticView[] };

export interface LiveReload {
  /** Answers an EventSource request and keeps the connection open. */
  connect(request: IncomingMessage, response: ServerResponse): void;
  send(event: LiveReloadEvent): void;
  /** The inline script for a served page. */
  clientScript(options: Omit<LiveReloadClientOptions, 'events'>): string;
  readonly clients: number;
  /** Ends every open stream (before the server closes). */
  close(): void;
}

/**
 * Live reload over Server-Sent Events: one long-lived response per open tab. A new connection
 * first gets a `hello` with the current build and errors, so a tab that reconnects after a
 * restart or a missed update catches up by itself.
 */
export function createLiveReload(state: () => { build: string; errors: DiagnosticView[] }): LiveReload {
  const clients = new Set<ServerResponse>();
  const write = (response: ServerResponse, event: string, data: unknown) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const heartbeat = setInterval(() => clients.forEach((response) => response.write(': ping\n\n')), 15_000);
  heartbeat.unref();
  return {
    connect(request, response) {
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
      });
      response.write('retry: 300\n\n');
      write(response, 'hello', state());
      clients.add(response);
      request.once('close', () => clients.delete(response));
    },
    send(event) {
      const { type, ...data } = event;
      clients.forEach((response) => write(response, type, data));
    },
    clientScript(options) {
      const json = JSON.stringify({ ...options, events: EVENTS_PATH }).replace(/</g, '\\u003c');
      return `<script data-docsgen-dev>${liveReloadScript(json)}</script>`;
    },
    get clients() {
      return clients.size;
    },
    close() {
      clearInterval(heartbeat);
      clients.forEach((response) => response.end());
      clients.clear();
    },
  };
}
