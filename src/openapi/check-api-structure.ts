import { errorDiagnostic, warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { HTTP_METHODS } from './api-spec.js';
import { toPointer } from './json-pointer.js';
import type { OpenApiDocument, ParameterObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';

type Tokens = (string | number)[];
type Report = (severity: 'error' | 'warning', tokens: Tokens, message: string, hint?: string) => void;

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Checks the structure docsgen relies on, enough to report problems with a JSON pointer rather
 * than fail later: info, paths, operations, parameters, responses and tags. Not a full
 * OpenAPI schema validation.
 */
export function checkApiStructure(document: OpenApiDocument, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (severity, tokens, message, hint) => {
    const make = severity === 'error' ? errorDiagnostic : warningDiagnostic;
    diagnostics.push(make('DG304', message, { file, pointer: toPointer(tokens), hint }));
  };
  checkInfo(document, report);
  checkTags(document, report);
  if (document.paths === undefined) {
    if (!String(document.openapi).startsWith('3.1'))
      report('error', ['paths'], 'The API description has no `paths` object');
  } else if (!isObject(document.paths)) {
    report('error', ['paths'], '`paths` must be an object of path items');
  } else {
    checkPaths(document, report);
  }
  checkWebhooks(document, report);
  return diagnostics;
}

/** `webhooks` (OpenAPI 3.1): a map of path items. What is not one is left out, with a warning. */
function checkWebhooks(document: OpenApiDocument, report: Report): void {
  if (document.webhooks === undefined) return;
  if (!isObject(document.webhooks))
    return report('warning', ['webhooks'], '`webhooks` must be an object of path items by name; ignored');
  for (const [name, rawItem] of Object.entries(document.webhooks)) {
    const item = resolveRef<Record<string, unknown>>(document, rawItem).value;
    if (!isObject(item)) {
      report('warning', ['webhooks', name], `Webhook "${name}" must be a path item object; ignored`);
      continue;
    }
    for (const method of HTTP_METHODS) {
      if (item[method] !== undefined && !isObject(item[method]))
        report(
          'warning',
          ['webhooks', name, method],
          `Webhook ${method.toUpperCase()} ${name} must be an object; ignored`,
        );
    }
  }
}

function checkInfo(document: OpenApiDocument, report: Report): void {
  if (!isObject(document.info))
    return report('error', ['info'], 'The API description has no `info` object', 'Add `info: { title, version }`.');
  if (typeof document.info.title !== 'string' || !document.info.title.trim())
    report('error', ['info', 'title'], '`info.title` is missing', 'The title names the API and its overview page.');
  if (document.info.version === undefined) report('warning', ['info', 'version'], '`info.version` is missing');
}

function checkTags(document: OpenApiDocument, report: Report): void {
  if (document.tags === undefined) return;
  if (!Array.isArray(document.tags)) return report('error', ['tags'], '`tags` must be an array');
  document.tags.forEach((tag, i) => {
    if (!isObject(tag) || typeof tag.name !== 'string') report('error', ['tags', i], 'A tag needs a `name`');
  });
}

function checkPaths(document: OpenApiDocument, report: Report): void {
  const operationIds = new Map<string, string>();
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/')) report('error', ['paths', path], `Path "${path}" must start with "/"`);
    const item = resolveRef<Record<string, unknown>>(document, rawItem).value;
    if (!isObject(item)) {
      report('error', ['paths', path], `Path item "${path}" must be an object`);
      continue;
    }
    const shared = checkParameters(document, item.parameters, ['paths', path, 'parameters'], report);
    for (const method of HTTP_METHODS) {
      if (item[method] === undefined) continue;
      const tokens = ['paths', path, method];
      if (!isObject(item[method])) {
        report('error', tokens, `Operation ${method.toUpperCase()} ${path} must be an object`);
        continue;
      }
      checkOperation(
        document,
        { path, method, operation: item[method] as Record<string, unknown>, shared, tokens, operationIds },
        report,
      );
    }
  }
}

interface OperationCheck {
  path: string;
  method: string;
  operation: Record<string, unknown>;
  shared: ParameterObject[];
  tokens: Tokens;
  operationIds: Map<string, string>;
}

function checkOperation(document: OpenApiDocument, check: OperationCheck, report: Report): void {
  const { path, method, operation, tokens } = check;
  const own = checkParameters(document, operation.parameters, [...tokens, 'parameters'], report);
  checkPathParameters(path, [...check.shared, ...own], tokens, report);
  if (operation.responses === undefined) {
    if (!String(document.openapi).startsWith('3.1'))
      report(
        'error',
        [...tokens, 'responses'],
        `${method.toUpperCase()} ${path} has no \`responses\``,
        'Describe at least one response, e.g. `200`.',
      );
  } else if (!isObject(operation.responses) || Object.keys(operation.responses).length === 0) {
    report(
      'error',
      [...tokens, 'responses'],
      `\`responses\` of ${method.toUpperCase()} ${path} must be an object with at least one response`,
    );
  }
  if (
    operation.tags !== undefined &&
    (!Array.isArray(operation.tags) || operation.tags.some((t) => typeof t !== 'string'))
  ) {
    report('error', [...tokens, 'tags'], '`tags` must be an array of tag names');
  }
  if (typeof operation.operationId === 'string') {
    const previous = check.operationIds.get(operation.operationId);
    if (previous)
      report(
        'warning',
        [...tokens, 'operationId'],
        `operationId "${operation.operationId}" is also used by ${previous}`,
        'operationIds must be unique.',
      );
    else check.operationIds.set(operation.operationId, `${method.toUpperCase()} ${path}`);
  }
  const samples = operation['x-codeSamples'];
  if (
    samples !== undefined &&
    (!Array.isArray(samples) ||
      samples.some((s) => !isObject(s) || typeof s.lang !== 'string' || typeof s.source !== 'string'))
  ) {
    report(
      'warning',
      [...tokens, 'x-codeSamples'],
      '`x-codeSamples` must be a list of { lang, label?, source }; ignored',
      undefined,
    );
  }
}

function checkParameters(document: OpenApiDocument, value: unknown, tokens: Tokens, report: Report): ParameterObject[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    report('error', tokens, '`parameters` must be an array');
    return [];
  }
  const valid: ParameterObject[] = [];
  value.forEach((raw, i) => {
    const parameter = resolveRef<ParameterObject>(document, raw).value;
    if (!isObject(parameter) || typeof parameter.name !== 'string' || !parameter.name) {
      report('error', [...tokens, i], 'A parameter needs a `name`');
    } else if (!LOCATIONS.has(String(parameter.in))) {
      report(
        'error',
        [...tokens, i, 'in'],
        `Parameter "${parameter.name}" has \`in: ${String(parameter.in)}\`; expected path, query, header or cookie`,
      );
    } else {
      if (parameter.in === 'path' && parameter.required !== true)
        report(
          'warning',
          [...tokens, i, 'required'],
          `Path parameter "${parameter.name}" must have \`required: true\``,
        );
      valid.push(parameter);
    }
  });
  return valid;
}

function checkPathParameters(path: string, parameters: ParameterObject[], tokens: Tokens, report: Report): void {
  const declared = new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name));
  for (const match of path.matchAll(/\{([^}]+)\}/g)) {
    if (!declared.has(match[1]))
      report(
        'warning',
        [...tokens, 'parameters'],
        `Path parameter "{${match[1]}}" of ${path} is not declared`,
        `Add a parameter with \`name: ${match[1]}\` and \`in: path\`.`,
      );
  }
}
