import { V1_CURL_EXAMPLES, V1_PROBLEM_CODES } from '@shared/api/v1-examples.js';
import { PUBLIC_API_PREFIX } from '@shared/api/api-keys.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Markdown's inline code and bold, the only markup the document's descriptions use. */
const inline = (s: string) =>
  escapeHtml(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

type Doc = { info: { title: string; description?: string }; paths: Record<string, Record<string, any>> };

const anchor = (method: string, path: string) => `${method}-${path}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function schemaFields(schema: any): string {
  const props = schema?.properties as Record<string, any> | undefined;
  if (!props) return '';
  const required = new Set<string>(schema.required ?? []);
  const rows = Object.entries(props).map(([name, p]) => {
    const type = p.type ?? (p.anyOf || p.oneOf ? 'one of several' : p.$ref ? p.$ref.split('/').pop() : 'object');
    const values = Array.isArray(p.enum) ? ` (${p.enum.map((v: unknown) => escapeHtml(String(v))).join(', ')})` : '';
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(String(type))}${values}</td></tr>`;
  });
  return `<table>${rows.join('')}</table>`;
}

function operation(method: string, path: string, op: any, baseUrl: string): string {
  const key = `${method.toUpperCase()} ${path}`;
  const example = V1_CURL_EXAMPLES[key]?.replaceAll('{base}', baseUrl).replaceAll('{key}', 'rl_live_…');
  const scopes: string[] = op.security?.[0]?.apiKey ?? [];
  const params = (op.parameters ?? []) as { in: string; name: string; required?: boolean; description?: string }[];
  const body = op.requestBody?.content ?? {};
  const [media, content] = Object.entries<any>(body)[0] ?? [];
  const statuses = Object.keys(op.responses ?? {}).filter((s) => s !== 'default');
  return `<section class="op" id="${anchor(method, path)}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
  <p>${inline(op.summary ?? '')}</p>
  ${scopes.length ? `<p class="meta">Scope: ${scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}</p>` : ''}
  ${params.length ? `<h4>Parameters</h4><table>${params.map((p) => `<tr><td><code>${escapeHtml(p.name)}</code> <span class="meta">${p.in}${p.required ? ', required' : ''}</span></td><td>${inline(p.description ?? '')}</td></tr>`).join('')}</table>` : ''}
  ${media ? `<h4>Body <span class="meta">${escapeHtml(media)}</span></h4>${schemaFields(content.schema)}` : ''}
  <p class="meta">Answers: ${statuses.map((s) => `<code>${s}</code> ${escapeHtml(op.responses[s].description ?? '')}`).join(' · ')}; errors as problem details.</p>
  ${example ? `<div class="example"><pre><code>${escapeHtml(example)}</code></pre><button type="button" class="copy" data-copy="${escapeHtml(example)}">Copy</button></div>` : ''}
</section>`;
}

/**
 * The public API's reference as one self-contained page, rendered on the server from the OpenAPI document: every
 * endpoint with its scope, parameters, body fields, answers and a curl example to copy; then the problem codes.
 */
export function renderApiReference(doc: Doc, baseUrl: string): string {
  const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries<any>(item)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([method, op]) => ({ method, path, op })),
  );
  const description = (doc.info.description ?? '')
    .split(/\n\n+/)
    .map((p) => `<p>${inline(p)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>
  :root { color-scheme: dark; }
  body { margin: 0; background: #09090b; color: #e4e4e7; font: 15px/1.55 system-ui, sans-serif; }
  main { max-width: 920px; margin: 0 auto; padding: 40px 20px 80px; }
  nav { margin: 24px 0; padding: 16px 20px; border: 1px solid #27272a; border-radius: 12px; }
  nav a { display: block; color: #c4b5fd; text-decoration: none; font-family: ui-monospace, monospace; font-size: 13px; padding: 2px 0; }
  h1 { font-size: 28px; margin: 0 0 8px; } h2 { margin-top: 48px; font-size: 20px; } h4 { margin: 16px 0 6px; font-size: 14px; }
  a { color: #c4b5fd; }
  code { font-family: ui-monospace, monospace; font-size: 13px; color: #f4f4f5; }
  .op { border: 1px solid #27272a; border-radius: 12px; padding: 16px 20px; margin: 16px 0; background: #18181b80; }
  .op h3 { margin: 0 0 6px; font-size: 16px; }
  .method { display: inline-block; min-width: 58px; text-align: center; border-radius: 6px; padding: 1px 6px; font-size: 12px; font-family: ui-monospace, monospace; }
  .get { background: #1e3a8a; } .post { background: #14532d; } .delete { background: #7f1d1d; } .put, .patch { background: #78350f; }
  .meta { color: #a1a1aa; font-size: 13px; } .req { color: #fca5a5; font-size: 12px; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; } td:first-child { width: 34%; } td { border-top: 1px solid #27272a; padding: 6px 8px; vertical-align: top; }
  .example { position: relative; } pre { background: #000; border-radius: 8px; padding: 12px 14px; overflow-x: auto; margin: 12px 0 0; }
  .copy { position: absolute; top: 8px; right: 8px; background: #27272a; color: #e4e4e7; border: 1px solid #3f3f46; border-radius: 6px; padding: 4px 10px; cursor: pointer; }
  .copy:focus-visible { outline: 2px solid #a78bfa; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(doc.info.title)}</h1>
<p class="meta">Base address <code>${escapeHtml(baseUrl)}${PUBLIC_API_PREFIX}</code> · <a href="${PUBLIC_API_PREFIX}/openapi.json">OpenAPI 3.1 document</a> · keys on your <a href="/profile?tab=api">profile, API tab</a></p>
${description}
<nav aria-label="Endpoints">${ops.map(({ method, path, op }) => `<a href="#${anchor(method, path)}">${method.toUpperCase()} ${escapeHtml(path)} — ${escapeHtml(op.summary ?? '')}</a>`).join('')}</nav>
<h2>Endpoints</h2>
${ops.map(({ method, path, op }) => operation(method, path, op, baseUrl)).join('\n')}
<h2 id="problems">Problem codes</h2>
<p>Every error is <code>application/problem+json</code>: <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> (the message the web app shows), <code>code</code>, <code>instance</code> and <code>request_id</code>.</p>
<table>${Object.entries(V1_PROBLEM_CODES)
    .map(([code, text]) => `<tr id="problem-${code.toLowerCase().replaceAll('_', '-')}"><td><code>${code}</code></td><td>${inline(text)}</td></tr>`)
    .join('')}</table>
</main>
<script src="${PUBLIC_API_PREFIX}/reference/copy.js"></script>
</body>
</html>`;
}

/** The copy buttons' script: served from this origin, as the page's content security policy asks. */
export const REFERENCE_COPY_SCRIPT = `document.addEventListener('click', function (e) {
  var b = e.target.closest && e.target.closest('button[data-copy]');
  if (!b || !navigator.clipboard) return;
  navigator.clipboard.writeText(b.getAttribute('data-copy')).then(function () {
    b.textContent = 'Copied';
    setTimeout(function () { b.textContent = 'Copy'; }, 1500);
  });
});
`;
