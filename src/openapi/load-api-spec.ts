import { statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { $RefParser, FileResolver, ResolverError, type FileInfo } from '@apidevtools/json-schema-ref-parser';
import { isInside, readableFolders, realPath } from '../shared/allowed-paths.js';
import { errorDiagnostic, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ApiSpec } from './api-spec.js';
import type { OpenApiDocument } from './openapi-types.js';
import { checkApiStructure } from './check-api-structure.js';
import { checkRefs } from './check-refs.js';
import { checkSchemaConstructs } from './check-schema-constructs.js';
import { checkSchemaKeywords } from './check-schema-keywords.js';
import { bundleRefs } from './bundle-refs.js';
import { stripInternal } from './strip-internal.js';
import { indexOperations, indexWebhooks } from './index-operations.js';
import { refParserDiagnostics } from './ref-parser-diagnostics.js';
import { apiSourceParser, ApiSourceSyntaxError } from './parse-api-source.js';

export interface LoadApiSpecResult {
  spec?: ApiSpec;
  diagnostics: Diagnostic[];
  /** Every file read (absolute paths), for the dev server to watch. */
  files: string[];
}

/** Local files only: HTTP `$ref`s are never fetched (builds are offline and deterministic). */
const BASE_OPTIONS = {
  resolve: { external: true, http: false },
  // One parser for JSON and YAML, whatever the extension, that reports line and column; no file is
  // ever plain text or binary.
  parse: { json: false, yaml: false, text: false, binary: false, source: apiSourceParser },
  continueOnError: true,
  dereference: { circular: 'ignore' as const },
};

/**
 * Reads an OpenAPI 3.0/3.1 description (YAML or JSON, any extension), bundles its external
 * files into one document (internal `$ref`s stay, so circular schemas stay finite), checks its
 * structure and indexes its operations. Problems come back as diagnostics with file and pointer.
 */
export async function loadApiSpec(
  file: string,
  options: { root: string; allowedPaths?: readonly string[] },
): Promise<LoadApiSpecResult> {
  const absolutePath = resolve(options.root, file);
  const display = (path: string) => displayPath(options.root, path);
  const parser = new $RefParser();
  const guard = guardedFileResolver(options.root, absolutePath, options.allowedPaths);
  const PARSER_OPTIONS = { ...BASE_OPTIONS, resolve: { ...BASE_OPTIONS.resolve, file: guard.resolver } };
  const files = () =>
    parser.$refs
      .paths()
      .filter((p) => !/^https?:/i.test(p))
      .map((p) => resolve(p));
  const unreadable = checkReadable(absolutePath, display(absolutePath));
  if (unreadable) return { diagnostics: [unreadable], files: [absolutePath] };
  let root: OpenApiDocument;
  try {
    // Stops at the first problem of the root file: nothing else can be checked without it.
    root = (await parser.parse(absolutePath, { ...PARSER_OPTIONS, continueOnError: false })) as OpenApiDocument;
  } catch (error) {
    return { diagnostics: refParserDiagnostics(error, display, absolutePath), files: [absolutePath] };
  }
  const versionProblem = checkVersion(root, display(absolutePath));
  if (versionProblem) return { diagnostics: [versionProblem], files: [absolutePath] };
  let document: OpenApiDocument = root;
  let refNames: Record<string, string> = {};
  try {
    // Reads the external files; only a multi-file description needs bundling.
    await parser.resolve(absolutePath, root, PARSER_OPTIONS);
    // A referenced file that does not parse keeps its error as its value (continueOnError): reported
    // at its own line and column, instead of as a $ref that finds nothing there.
    const syntaxErrors = Object.values(parser.$refs.values()).filter((value) => value instanceof ApiSourceSyntaxError);
    if (syntaxErrors.length) {
      return { diagnostics: refParserDiagnostics({ errors: syntaxErrors }, display, absolutePath), files: files() };
    }
    const broken = checkRefs(parser.$refs.values() as Record<string, unknown>, display, guard.refused);
    if (broken.length) return { diagnostics: broken, files: files() };
    if (parser.$refs.paths().length > 1)
      ({ document, refNames } = bundleRefs(absolutePath, parser.$refs.values() as Record<string, unknown>));
  } catch (error) {
    return { diagnostics: refParserDiagnostics(error, display, absolutePath), files: files() };
  }
  // Nothing marked x-internal reaches any stage, nor the published description.
  const stripped = stripInternal(document, display(absolutePath));
  document = stripped.document;
  const diagnostics = [...stripped.diagnostics, ...checkApiStructure(document, display(absolutePath))];
  if (hasErrors(diagnostics)) return { diagnostics, files: files() };
  diagnostics.push(...checkSchemaConstructs(document, display(absolutePath), refNames));
  diagnostics.push(...checkSchemaKeywords(document, display(absolutePath)));
  const index = indexOperations(document);
  const webhooks = indexWebhooks(document);
  const spec: ApiSpec = {
    file: display(absolutePath),
    absolutePath,
    version: String(document.openapi).startsWith('3.1') ? '3.1' : '3.0',
    document,
    refNames,
    ...index,
    ...(webhooks.operations.length ? { webhooks } : {}),
  };
  return { spec, diagnostics, files: files() };
}

/**
 * json-schema-ref-parser's file resolver, limited to the site root, config `allowedPaths` and the
 * folder of a description the config names outside the root: a `$ref` to "/etc/passwd" or
 * "../../secret.yaml" is not read (its target, links resolved, is recorded in `refused`).
 */
function guardedFileResolver(root: string, description: string, allowedPaths: readonly string[] = []) {
  const folders = readableFolders(root, allowedPaths);
  const descriptionFolder = realPath(dirname(description));
  if (!folders.some((folder) => isInside(descriptionFolder, folder))) folders.push(descriptionFolder);
  const refused = new Set<string>();
  const resolver = {
    ...FileResolver,
    async read(file: FileInfo) {
      const path = file.url.startsWith('file:') ? fileURLToPath(file.url) : decodeURI(file.url);
      if (!folders.some((folder) => isInside(realPath(path), folder))) {
        refused.add(resolve(path));
        throw new ResolverError(
          Object.assign(new Error(`${path} is outside the site root`), { code: 'EOUTSIDE' }),
          path,
        );
      }
      return (FileResolver.read as (file: FileInfo) => Promise<Buffer>)(file);
    },
  };
  return { resolver, refused: refused as ReadonlySet<string> };
}

function displayPath(root: string, path: string): string {
  const rel = relative(root, path);
  if (!rel) return '.';
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel.split('\\').join('/');
}

/** A missing description, or a folder named as one, said as such (not as a parse error that follows from it). */
function checkReadable(path: string, file: string): Diagnostic | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  const where = { file, key: 'openapi' };
  if (!stats) {
    return errorDiagnostic('DG302', `The API description ${file} does not exist`, {
      ...where,
      hint: 'Check the `openapi` path in site.config.ts (or the --openapi option); relative paths start at the site root.',
    });
  }
  if (stats.isDirectory()) {
    return errorDiagnostic('DG302', `The API description ${file} is a directory, not a file`, {
      ...where,
      hint: 'Point `openapi` at the description file itself, e.g. "openapi/openapi.yaml".',
    });
  }
  return undefined;
}

function checkVersion(document: OpenApiDocument, file: string): Diagnostic | undefined {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    return errorDiagnostic('DG302', 'The API description is not an object (expected an OpenAPI 3 document)', {
      file,
      pointer: '#',
    });
  }
  if (document.swagger !== undefined) {
    return errorDiagnostic(
      'DG301',
      `This API description is Swagger ${String(document.swagger)} (OpenAPI 2); docsgen reads OpenAPI 3.0 and 3.1 only`,
      {
        file,
        pointer: '#/swagger',
        hint: 'Convert it to OpenAPI 3, e.g. `npx swagger2openapi --yaml --outfile openapi.yaml swagger.yaml` or https://converter.swagger.io, and point `openapi` in site.config.ts at the result.',
      },
    );
  }
  if (typeof document.openapi !== 'string' || !/^3\.[01]\.\d+/.test(document.openapi)) {
    return errorDiagnostic(
      'DG301',
      `Unsupported OpenAPI version ${JSON.stringify(document.openapi ?? null)}: docsgen reads OpenAPI 3.0.x and 3.1.x`,
      {
        file,
        pointer: '#/openapi',
        hint: 'Set `openapi: 3.1.0` (or 3.0.3) at the top of the description.',
      },
    );
  }
  return undefined;
}
