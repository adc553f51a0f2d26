import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { cleanEnv, run } from "./repo.js";

/**
 * Debian's `docker-compose` (Compose v1, Python) validates and resolves a compose file without a Docker
 * engine; Compose v2 (`docker compose`) does the same on machines that have it. Neither present is a
 * failure with instructions, never a silent skip.
 */
export function composeCommand(): string[] {
  if (run("docker-compose", ["version"]).status === 0) return ["docker-compose"];
  if (run("docker", ["compose", "version"]).status === 0) return ["docker", "compose"];
  throw new Error(
    "docker-compose is not installed: `apt-get install -y docker-compose` (Debian; no Docker engine needed) " +
      "or install Docker Compose v2. The compose files cannot be validated without it.",
  );
}

export interface ComposeResult {
  status: number | null;
  stderr: string;
  config: ResolvedCompose;
}

export interface ResolvedCompose {
  services: Record<string, ResolvedService>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file?: string }>;
  networks?: Record<string, { ipam?: { config?: { subnet?: string; gateway?: string }[] } }>;
}

export interface ResolvedService {
  image?: string;
  build?: { context?: string; args?: Record<string, string> };
  ports?: (string | { published?: string | number; target?: string | number; host_ip?: string })[];
  environment?: Record<string, string | number | null>;
  volumes?: (string | { type?: string; source?: string; target?: string; read_only?: boolean })[];
  healthcheck?: { test?: string[]; interval?: string; timeout?: string; retries?: number; start_period?: string };
  restart?: string;
  stop_grace_period?: string;
  depends_on?: Record<string, { condition?: string }> | string[];
  secrets?: (string | { source?: string; target?: string })[];
}

/**
 * `compose -f ... config`: the files merged, interpolated and validated, parsed from YAML. An empty env
 * file stands in for the repo's `.env`, which Compose would otherwise read (a developer's own settings).
 */
export function composeConfig(files: readonly string[], env: Record<string, string> = {}): ComposeResult {
  const [command = "docker-compose", ...prefix] = composeCommand();
  const dir = mkdtempSync(join(tmpdir(), "ops-compose-"));
  const emptyEnvFile = join(dir, "empty.env");
  writeFileSync(emptyEnvFile, "");
  const args = [...prefix, "--env-file", emptyEnvFile, ...files.flatMap((file) => ["-f", file]), "config"];
  const result = run(command, args, { env: cleanEnv(env) });
  rmSync(dir, { recursive: true, force: true });
  const config = result.status === 0 ? (parse(result.stdout) as ResolvedCompose) : { services: {} };
  return { status: result.status, stderr: result.stderr, config };
}

export interface PortMapping {
  hostIp: string;
  published: number;
  target: number;
}

/** Ports in either output form: v1's "127.0.0.1:1025:1025/tcp" strings or the long {published, target} objects. */
export function portMappings(service: ResolvedService): PortMapping[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === "string") {
      const parts = port.replace(/\/(tcp|udp)$/, "").split(":");
      const target = Number(parts.pop());
      const published = Number(parts.pop());
      return { hostIp: parts.pop() ?? "", published, target };
    }
    return { hostIp: port.host_ip ?? "", published: Number(port.published), target: Number(port.target) };
  });
}

export interface VolumeMount {
  source: string;
  target: string;
  readOnly: boolean;
}

/** Volume mounts in either output form: "site-var:/app/var:rw" or {source, target, read_only}. */
export function volumeMounts(service: ResolvedService): VolumeMount[] {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume === "string") {
      const [source = "", target = "", mode = "rw"] = volume.split(":");
      return { source, target, readOnly: mode === "ro" };
    }
    return { source: volume.source ?? "", target: volume.target ?? "", readOnly: volume.read_only === true };
  });
}

/** depends_on in either form, as service name -> condition. */
export function dependencies(service: ResolvedService): Record<string, string> {
  const raw = service.depends_on ?? {};
  if (Array.isArray(raw)) return Object.fromEntries(raw.map((name) => [name, "service_started"]));
  return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, value.condition ?? "service_started"]));
}

/** A service's secret names, short or long syntax. */
export function secretNames(service: ResolvedService): string[] {
  return (service.secrets ?? []).map((secret) => (typeof secret === "string" ? secret : (secret.source ?? "")));
}
