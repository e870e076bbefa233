/**
 * The snippet generator (@scalar/snippetz target and client) behind each code-sample language
 * of the config, and the tab label. Every language of spec section 9 has one; where two
 * languages would print the same code, the second picks another common client (`shell` → wget,
 * `nodejs` → undici) so each tab is worth opening.
 */
export const CODE_LANGUAGES: Readonly<
  Record<string, { label: string; target: string; client: string; separateQuery?: boolean }>
> = {
  // snippetz' curl quotes a URL only when its query comes separately or it has characters such
  // as `%`: a plain `?a=1&b=2` would reach the shell unquoted (see code-samples.ts).
  curl: { label: 'cURL', target: 'shell', client: 'curl', separateQuery: true },
  javascript: { label: 'JavaScript', target: 'js', client: 'fetch' },
  nodejs: { label: 'Node.js', target: 'node', client: 'undici' },
  python: { label: 'Python', target: 'python', client: 'requests' },
  shell: { label: 'Shell', target: 'shell', client: 'wget' },
  powershell: { label: 'PowerShell', target: 'powershell', client: 'restmethod' },
  http: { label: 'HTTP', target: 'http', client: 'http1.1' },
  csharp: { label: 'C#', target: 'csharp', client: 'httpclient' },
  dart: { label: 'Dart', target: 'dart', client: 'http' },
  go: { label: 'Go', target: 'go', client: 'native' },
  java: { label: 'Java', target: 'java', client: 'nethttp' },
  kotlin: { label: 'Kotlin', target: 'kotlin', client: 'okhttp' },
  c: { label: 'C', target: 'c', client: 'libcurl' },
  'objective-c': { label: 'Objective-C', target: 'objc', client: 'nsurlsession' },
  ocaml: { label: 'OCaml', target: 'ocaml', client: 'cohttp' },
  php: { label: 'PHP', target: 'php', client: 'curl' },
  r: { label: 'R', target: 'r', client: 'httr' },
  ruby: { label: 'Ruby', target: 'ruby', client: 'native' },
  rust: { label: 'Rust', target: 'rust', client: 'reqwest' },
  swift: { label: 'Swift', target: 'swift', client: 'nsurlsession' },
};

/** Names that `x-codeSamples` use for the same languages. */
const SAMPLE_ALIASES: Readonly<Record<string, string>> = {
  'c#': 'csharp',
  cs: 'csharp',
  dotnet: 'csharp',
  node: 'nodejs',
  'node.js': 'nodejs',
  js: 'javascript',
  objc: 'objective-c',
  objectivec: 'objective-c',
  'obj-c': 'objective-c',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  py: 'python',
  python3: 'python',
  golang: 'go',
  kt: 'kotlin',
  rb: 'ruby',
  rs: 'rust',
  ps: 'powershell',
  pwsh: 'powershell',
  ps1: 'powershell',
  ml: 'ocaml',
  'c++': 'cpp',
  ts: 'typescript',
};

/** 'Node.js' → 'nodejs', 'C#' → 'csharp', 'cURL' → 'curl'. */
export function normalizeSampleLanguage(lang: string): string {
  const key = lang.trim().toLowerCase().replace(/\s+/g, '');
  return SAMPLE_ALIASES[key] ?? key;
}
