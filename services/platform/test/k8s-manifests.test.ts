import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { repoRoot } from '../src/paths.ts';

// No cluster and no kubectl here: the manifests are built the way kustomize would for this layout
// (resources, namespace, images, patches merged by kind and name) and every object is validated
// against the Kubernetes API's own JSON schemas (kubernetes-models).
type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  [key: string]: unknown;
};
type Kustomization = {
  namespace?: string;
  resources: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: { path: string }[];
};

const k8sDir = path.join(repoRoot, 'infra', 'k8s');
const SERVICES = ['auth', 'catalog', 'progress', 'webhooks', 'worker'];

function readYaml<T>(file: string): T[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => document.toJS() as T);
}

function build(dir: string): Manifest[] {
  const [kustomization] = readYaml<Kustomization>(path.join(dir, 'kustomization.yaml'));
  let objects: Manifest[] = [];
  for (const resource of kustomization!.resources) {
    const target = path.join(dir, resource);
    objects.push(...(resource.endsWith('.yaml') ? readYaml<Manifest>(target) : build(target)));
  }
  for (const patch of kustomization!.patches ?? []) {
    for (const change of readYaml<Manifest>(path.join(dir, patch.path))) {
      const index = objects.findIndex(
        (object) => object.kind === change.kind && object.metadata.name === change.metadata.name,
      );
      expect(index, `${patch.path} patches ${change.kind}/${change.metadata.name}, which exists`).not.toBe(
        -1,
      );
      objects[index] = merge(objects[index]!, change) as Manifest;
    }
  }
  if (kustomization!.namespace) {
    objects = objects.map((object) => ({
      ...object,
      metadata: { ...object.metadata, namespace: kustomization!.namespace },
    }));
  }
  for (const image of kustomization!.images ?? []) {
    for (const container of containers(objects)) {
      if (container.image === image.name)
        container.image = `${image.newName ?? image.name}:${image.newTag ?? 'latest'}`;
    }
  }
  return objects;
}

function merge(base: unknown, change: unknown): unknown {
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return change;
  if (typeof change !== 'object' || change === null || Array.isArray(change)) return change;
  const result: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(change)) result[key] = merge(result[key], value);
  return result;
}

type Container = {
  name: string;
  image: string;
  command?: string[];
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
  };
  volumeMounts?: { name: string; mountPath: string }[];
  readinessProbe?: unknown;
  livenessProbe?: unknown;
  resources?: { requests?: { cpu?: string; memory?: string } };
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
};

function containers(objects: Manifest[]): Container[] {
  return objects.flatMap((object) => {
    const spec = object.spec as { template?: { spec?: { containers?: Container[] } } } | undefined;
    return spec?.template?.spec?.containers ?? [];
  });
}

type PodSpec = {
  securityContext?: { seccompProfile?: { type: string } };
  volumes?: { name: string; emptyDir?: unknown }[];
  containers: Container[];
};

const MODELS: Record<string, Record<string, unknown>> = {
  v1: core,
  'apps/v1': apps,
  'autoscaling/v2': autoscaling,
  'batch/v1': batch,
  'policy/v1': policy,
};

function validate(object: Manifest): void {
  const Model = MODELS[object.apiVersion]?.[object.kind] as
    (new (data: unknown) => { validate(): void }) | undefined;
  expect(Model, `${object.apiVersion} ${object.kind} is a Kubernetes kind we validate`).toBeDefined();
  new Model!(object).validate();
}

const base = build(path.join(k8sDir, 'base'));
const production = build(path.join(k8sDir, 'overlays', 'production'));
const traced = build(path.join(k8sDir, 'overlays', 'tracing'));
const find = (objects: Manifest[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);

describe('Kubernetes manifests', () => {
  it('every object of the base and the production overlay validates against the API schemas', () => {
    for (const object of [...base, ...production, ...traced]) validate(object);
  });

  it('runs each service and the worker with probes, resource requests, an autoscaler and a disruption budget', () => {
    for (const name of [...SERVICES, 'nginx']) {
      const deployment = find(production, 'Deployment', name);
      expect(deployment, name).toBeDefined();
      for (const container of containers([deployment!])) {
        expect(container.readinessProbe, `${name} readiness`).toBeDefined();
        expect(container.livenessProbe, `${name} liveness`).toBeDefined();
        expect(container.resources?.requests?.cpu, `${name} cpu request`).toBeTruthy();
        expect(container.resources?.requests?.memory, `${name} memory request`).toBeTruthy();
      }
      expect(find(production, 'HorizontalPodAutoscaler', name), `${name} HPA`).toBeDefined();
      expect(find(production, 'PodDisruptionBudget', name), `${name} PDB`).toBeDefined();
    }
  });

  it("asks Prometheus to scrape each service's and the worker's metrics on the port the container serves", () => {
    for (const name of SERVICES) {
      const deployment = find(production, 'Deployment', name)!;
      const template = (
        deployment.spec as { template: { metadata: { annotations?: Record<string, string> } } }
      ).template;
      const [container] = containers([deployment]) as (Container & { ports: { containerPort: number }[] })[];
      expect(template.metadata.annotations, name).toEqual({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(container!.ports[0]!.containerPort),
        'prometheus.io/path': '/metrics',
      });
    }
  });

  it('references its secrets and never inlines one', () => {
    expect([...base, ...production].filter((object) => object.kind === 'Secret')).toEqual([]);
    const secretRefs = containers(production).flatMap((container) =>
      (container.env ?? []).flatMap((variable) => (variable.valueFrom?.secretKeyRef ? [variable] : [])),
    );
    expect(secretRefs.length).toBeGreaterThan(0);
    for (const variable of secretRefs)
      expect(variable.valueFrom!.secretKeyRef!.name).toBe('sleep-ritual-secrets');
    const secretNames = new Set(secretRefs.map((variable) => variable.name));
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'SESSION_KEYS',
      'ADMIN_PASSWORD',
      'THRIVECART_SECRET',
      'ACCOUNT_HASH_SECRET',
    ]) {
      expect(secretNames).toContain(name);
    }
  });

  it('mounts one shared media volume: writable where the catalog stores uploads, read-only where nginx serves them', () => {
    const claim = find(production, 'PersistentVolumeClaim', 'media')!.spec as { accessModes: string[] };
    expect(claim.accessModes).toEqual(['ReadWriteMany']);
    const mounts = (name: string) =>
      containers([find(production, 'Deployment', name)!]).flatMap(
        (container) =>
          (container as { volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[] })
            .volumeMounts ?? [],
      );
    const media = (name: string) => mounts(name).filter((mount) => mount.name === 'media');
    expect(media('catalog')).toEqual([{ name: 'media', mountPath: '/app/var/media' }]);
    expect(media('nginx')).toEqual([{ name: 'media', mountPath: '/srv/media', readOnly: true }]);
  });

  it('migrates in a Job that never seeds, and the overlay sets namespace, images and headroom', () => {
    const job = find(production, 'Job', 'migrate');
    expect(containers([job!]).map((container) => container.command)).toEqual([
      ['node', 'scripts/migrate.ts'],
    ]);
    expect(production.every((object) => object.metadata.namespace === 'sleep-ritual')).toBe(true);
    expect(
      containers(production).every((container) => container.image.startsWith('registry.example.com/')),
    ).toBe(true);
    const webhooks = find(production, 'HorizontalPodAutoscaler', 'webhooks')!.spec as {
      minReplicas: number;
      maxReplicas: number;
    };
    expect(webhooks).toMatchObject({ minReplicas: 3, maxReplicas: 8 });
    const config = find(production, 'ConfigMap', 'sleep-ritual-config')!.data as Record<string, string>;
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PUBLIC_APP_URL: 'https://app.sleepritual.example',
    });
  });

  it('runs each service, the worker and the migration as node itself, never through npm or tsx', () => {
    for (const name of SERVICES) {
      const [container] = containers([find(base, 'Deployment', name)!]);
      expect(container!.command, name).toEqual([
        'node',
        '--import',
        '@sleep-ritual/platform/tracing',
        `services/${name}/src/server.ts`,
      ]);
    }
    const [migrate] = containers([find(base, 'Job', 'migrate')!]);
    expect(migrate!.command).toEqual(['node', 'scripts/migrate.ts']);
  });

  it('locks down every pod: RuntimeDefault seccomp, no privilege escalation, no capabilities, a read-only root with a writable /tmp', () => {
    const pods = production.filter((object) => object.kind === 'Deployment' || object.kind === 'Job');
    expect(pods.map((pod) => pod.metadata.name).sort()).toEqual([...SERVICES, 'migrate', 'nginx'].sort());
    for (const pod of pods) {
      const spec = (pod.spec as { template: { spec: PodSpec } }).template.spec;
      const name = pod.metadata.name;
      expect(spec.securityContext?.seccompProfile, `${name} seccomp`).toEqual({ type: 'RuntimeDefault' });
      for (const container of spec.containers) {
        const context = container.securityContext;
        expect(context?.allowPrivilegeEscalation, `${name} allowPrivilegeEscalation`).toBe(false);
        expect(context?.readOnlyRootFilesystem, `${name} readOnlyRootFilesystem`).toBe(true);
        expect(context?.capabilities?.drop, `${name} drops every capability`).toEqual(['ALL']);
        const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
        expect(tmp, `${name} mounts a writable /tmp`).toBeDefined();
        expect(
          spec.volumes?.find((volume) => volume.name === tmp!.name)?.emptyDir,
          `${name} /tmp`,
        ).toBeDefined();
      }
    }
  });

  it('holds the alert rules of infra/prometheus/alerts.yml in a ConfigMap, the same rules', () => {
    const rules = find(production, 'ConfigMap', 'sleep-ritual-alert-rules') as {
      data?: Record<string, string>;
    };
    expect(rules.data!['alerts.yml']).toBe(
      readFileSync(path.join(repoRoot, 'infra', 'prometheus', 'alerts.yml'), 'utf8'),
    );
  });

  it('the tracing overlay adds a collector (with infra/otel/collector.yml) and Jaeger, and points every process at it', () => {
    const collector = find(traced, 'ConfigMap', 'otel-collector-config') as { data?: Record<string, string> };
    expect(collector.data!['collector.yml']).toBe(
      readFileSync(path.join(repoRoot, 'infra', 'otel', 'collector.yml'), 'utf8'),
    );
    for (const name of ['otel-collector', 'jaeger']) {
      expect(find(traced, 'Deployment', name), name).toBeDefined();
      expect(find(traced, 'Service', name)?.metadata.namespace, name).toBe('sleep-ritual');
      expect(find(production, 'Deployment', name), `${name} only with tracing`).toBeUndefined();
    }
    const config = find(traced, 'ConfigMap', 'sleep-ritual-config') as
      { data?: Record<string, string> } | undefined;
    expect(config!.data!.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://otel-collector:4318');
    // The production overlay's own settings stay.
    expect(config!.data!.PUBLIC_APP_URL).toBe(
      (find(production, 'ConfigMap', 'sleep-ritual-config') as { data?: Record<string, string> } | undefined)!
        .data!.PUBLIC_APP_URL,
    );
    for (const container of containers(
      traced.filter(
        (object) => object.metadata.name !== 'otel-collector' && object.metadata.name !== 'jaeger',
      ),
    )) {
      if (container.command?.includes('--import'))
        expect(container.command.slice(0, 3)).toEqual(['node', '--import', '@sleep-ritual/platform/tracing']);
    }
  });
});
