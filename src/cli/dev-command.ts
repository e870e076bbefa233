export interface DevOptions {
  config: string;
  port: number;
  host: string;
  open?: boolean;
}

/** `docsgen dev` is built in its own issue; until then it explains how to preview. */
export async function devCommand(_options: DevOptions): Promise<number> {
  console.error('docsgen dev is not available in this version yet; use `docsgen build && docsgen serve`.');
  return 1;
}
