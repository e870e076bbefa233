import kebabCase from 'lodash/kebabCase.js';
import type { snippetz } from '@scalar/snippetz';
import { causeOf, warningDiagnostic } from '../diagnostics/diagnostic.js';
import { renderCodeBlockHtml } from '../content/render-code-block.js';
import { highlightNotice } from '../content/highlighter.js';
import type { CodeSampleView } from '../api-view.js';
import { CODE_LANGUAGES, normalizeSampleLanguage } from './code-languages.js';
import { harRequest, templatedHar, type HarRequest } from './har-request.js';
import type { CodeSampleObject } from './openapi-types.js';
import type { SnippetRequest } from './snippet-request.js';
import type { ViewContext } from './view-context.js';
import { escapeHtml } from '../shared/escape-html.js';
import { printWithJsonBody } from './sample-bodies.js';

export type Snippets = ReturnType<typeof snippetz>;

export interface CodeSamplesInput {
  request: SnippetRequest;
  /** The operation's own `x-codeSamples` (or `x-code-samples`). */
  own: unknown;
  /** Configured languages, in tab order. */
  languages: readonly string[];
  snippets: Snippets;
  ctx: ViewContext;
  /** Pointer of the operation, for messages. */
  pointer: string;
}

/**
 * One highlighted sample per configured language, printed from the request by
 * @scalar/snippetz; an `x-codeSamples` entry replaces the generated sample of its language, and
 * entries for languages outside the config come after them.
 */
export function buildCodeSamples(input: CodeSamplesInput): CodeSampleView[] {
  const own = ownSamples(input.own);
  const samples: CodeSampleView[] = [];
  const templates = { url: shaped(input.request, true), separate: shaped(input.request, false) };
  const separate = needsSeparateQuery(input.request);
  for (const language of input.languages) {
    const mine = own.get(language);
    own.delete(language);
    const label = textOr(mine?.label, CODE_LANGUAGES[language]?.label ?? language);
    const html =
      mine?.source !== undefined
        ? highlightSample(mine.source, language, input.ctx)
        : generatedSample(
            language,
            CODE_LANGUAGES[language]?.separateQuery && separate ? templates.separate : templates.url,
            input,
          );
    if (html !== undefined) samples.push({ language, label, id: `sample-${kebabCase(language) || 'code'}`, html });
  }
  for (const [language, sample] of own) {
    samples.push({
      language,
      label: textOr(sample.label, sample.lang ?? language),
      id: `sample-${kebabCase(language) || 'code'}`,
      html: highlightSample(sample.source ?? '', language, input.ctx),
    });
  }
  return samples;
}

/**
 * snippetz' curl leaves a URL unquoted unless its query comes separately or it holds one of
 * these characters; a separate query is encoded with encodeURIComponent, which keeps `'`.
 * So: a separate query when the URL would otherwise go unquoted, else the (encoded) URL.
 */
const CURL_QUOTES = /[\s<>[\]{}|\\^%$]/;
function needsSeparateQuery(request: SnippetRequest): boolean {
  return request.query.length > 0 && !CURL_QUOTES.test(harRequest(request, { queryInUrl: true }).url);
}

/** The templated request and its shape key (the request with tokens, as JSON). */
function shaped(request: SnippetRequest, queryInUrl: boolean): Shaped {
  const templated = templatedHar(request, { queryInUrl });
  return { ...templated, key: JSON.stringify(templated.har) };
}

type Shaped = ReturnType<typeof templatedHar> & { key: string };

function highlightSample(source: string, language: string, ctx: ViewContext): string {
  const highlighted = ctx.highlighter.highlight(source.replace(/\n+$/, ''), language);
  if (highlighted.notice)
    ctx.page.diagnostics.push(highlightNotice(`A ${language} code sample: ${highlighted.notice}`, { file: ctx.file }));
  return renderCodeBlockHtml({ highlighted });
}

/**
 * Operations of the same shape (method, server, parameter names, body) share one printed and
 * highlighted template; their own path and values are swapped in for the tokens. When a token
 * does not come out of the highlighter in one piece, the sample is printed for real.
 */
function generatedSample(language: string, templated: Shaped, input: CodeSamplesInput): string | undefined {
  const { ctx } = input;
  const key = `${language}\u0000${templated.key}`;
  let template = ctx.sampleTemplates.get(key);
  if (template === undefined) {
    const source = print(language, templated.har, input);
    template =
      source === undefined ? null : checkedTemplate(highlightSample(source, language, ctx), source, templated.values);
    ctx.sampleTemplates.set(key, template);
  }
  if (template !== null) return fill(template, templated.values);
  const source = print(
    language,
    harRequest(input.request, {
      queryInUrl: !(CODE_LANGUAGES[language]?.separateQuery && needsSeparateQuery(input.request)),
    }),
    input,
  );
  return source === undefined ? undefined : highlightSample(source, language, ctx);
}

function checkedTemplate(html: string, source: string, values: Map<string, string>): string | null {
  for (const token of values.keys()) if (count(html, token) !== count(source, token)) return null;
  return html;
}

function fill(html: string, values: Map<string, string>): string {
  let out = html;
  for (const [token, value] of values) out = out.split(token).join(escapeHtml(value));
  return out;
}

/** A label from the description when it is text, else the fallback. */
const textOr = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);
const count = (text: string, token: string) => text.split(token).length - 1;

/**
 * The Objective-C and Swift clients print a multipart body's boundary from a HAR field that
 * snippetz does not pass on (`boundary = "undefined"`): it is filled in after printing.
 */
const UNSET_BOUNDARY = /(boundary = @?")undefined"/;

function print(language: string, har: HarRequest, { snippets, ctx, pointer }: CodeSamplesInput): string | undefined {
  const target = CODE_LANGUAGES[language];
  if (!target) return undefined;
  try {
    const printed = (request: HarRequest) =>
      snippets.print(target.target as never, target.client as never, request as never) || undefined;
    const code = printWithJsonBody(`${target.target} ${target.client}`, har, printed) ?? printed(har);
    return code && har.postData?.boundary ? code.replace(UNSET_BOUNDARY, `$1${har.postData.boundary}"`) : code;
  } catch (error) {
    ctx.page.diagnostics.push(
      warningDiagnostic('DG306', `Could not generate the ${target.label} code sample: ${(error as Error).message}`, {
        file: ctx.file,
        pointer,
        cause: causeOf(error),
      }),
    );
    return undefined;
  }
}

function ownSamples(value: unknown): Map<string, CodeSampleObject> {
  const byLanguage = new Map<string, CodeSampleObject>();
  if (!Array.isArray(value)) return byLanguage;
  for (const sample of value as CodeSampleObject[]) {
    if (!sample || typeof sample.lang !== 'string' || typeof sample.source !== 'string') continue;
    const language = normalizeSampleLanguage(sample.lang);
    if (!byLanguage.has(language)) byLanguage.set(language, sample);
  }
  return byLanguage;
}
