import { describe, expect, it } from "vitest";
import { composeConfig, dependencies, portMappings, secretNames, volumeMounts, type ResolvedService } from "./support/compose.js";
import { healthcheckCommand, inStage } from "./support/dockerfile.js";
import { readRepoFile, repoPath } from "./support/repo.js";

const base = ["docker-compose.yml"];
const withFirestore = ["docker-compose.yml", "docker-compose.firestore.yml"];

function service(services: Record<string, ResolvedService>, name: string): ResolvedService {
  const found = services[name];
  if (!found) throw new Error(`service ${name} missing; services: ${Object.keys(services).join(", ")}`);
  return found;
}

const imageHealthcheck = (): string[] => ["CMD", ...healthcheckCommand()];

describe("docker-compose.yml", () => {
  const resolved = composeConfig(base);
  const services = resolved.config.services;

  it("validates and defines exactly the site and Mailpit", () => {
    expect(resolved.stderr).not.toMatch(/error/i);
    expect(resolved.status).toBe(0);
    expect(Object.keys(services).sort()).toEqual(["mailpit", "site"]);
  });

  it("builds the site from the repo's Dockerfile and publishes it on :8080 of this host only", () => {
    const site = service(services, "site");
    expect(site.build?.context).toBe(repoPath("."));
    expect(portMappings(site)).toEqual([{ hostIp: "127.0.0.1", published: 8080, target: 8080 }]);
    // Whatever port is chosen: reached directly, anyone could pick the address the rate limits count.
    const other = service(composeConfig(base, { SITE_PORT: "9080" }).config.services, "site");
    expect(portMappings(other)).toEqual([{ hostIp: "127.0.0.1", published: 9080, target: 8080 }]);
  });

  it("names the proxy the deployment guide trusts: the fixed network's gateway, where the host's proxy comes from", () => {
    const gateway = resolved.config.networks?.["default"]?.ipam?.config?.[0]?.gateway;
    expect(gateway).toBe("172.31.80.1");
    const guide = readRepoFile("docs/deploying.md");
    expect(guide).toContain(`TRUST_PROXY=${gateway}`);
    expect(guide).toContain("TRUST_PROXY=loopback");
    expect(guide).not.toMatch(/TRUST_PROXY=1\b/);
    const site = service(services, "site");
    expect(site.environment?.["TRUST_PROXY"]).toBe("false");
  });

  it("keeps var/ (SQLite and .eml files) on a named volume at the image's VOLUME path", () => {
    const site = service(services, "site");
    expect(volumeMounts(site)).toEqual([{ source: "site-var", target: "/app/var", readOnly: false }]);
    expect(Object.keys(resolved.config.volumes ?? {})).toContain("site-var");
    expect(inStage("runtime", "VOLUME").map((i) => i.args)).toEqual(['["/app/var"]']);
  });

  it("sends mail through Mailpit's SMTP port and publishes its web inbox on :8025 of this host", () => {
    const site = service(services, "site");
    const mailpit = service(services, "mailpit");
    expect(site.environment?.["SMTP_URL"]).toBe("smtp://mailpit:1025");
    expect(mailpit.image).toMatch(/^axllent\/mailpit:v\d+\.\d+/);
    const ports = portMappings(mailpit);
    expect(ports).toContainEqual({ hostIp: "127.0.0.1", published: 8025, target: 8025 });
    expect(ports).toContainEqual({ hostIp: "127.0.0.1", published: 1025, target: 1025 });
  });

  it("binds every Mailpit port to loopback only, whatever ports are chosen: its inbox has no login", () => {
    const choices: Record<string, string>[] = [{}, { MAILPIT_UI_PORT: "9025", MAILPIT_SMTP_PORT: "2025" }];
    for (const env of choices) {
      const mailpit = service(composeConfig(base, env).config.services, "mailpit");
      const ports = portMappings(mailpit);
      expect(ports.length).toBeGreaterThan(0);
      for (const port of ports) expect(port.hostIp).toBe("127.0.0.1");
    }
  });

  it("gives both services healthchecks, the site the image's own command, and restarts them", () => {
    const site = service(services, "site");
    const mailpit = service(services, "mailpit");
    expect(site.healthcheck?.test).toEqual(imageHealthcheck());
    expect(mailpit.healthcheck?.test).toEqual(["CMD", "/mailpit", "readyz"]);
    expect(site.restart).toBe("unless-stopped");
    expect(mailpit.restart).toBe("unless-stopped");
    expect(dependencies(site)).toEqual({ mailpit: "service_healthy" });
  });

  it("lets the API finish its 15 s graceful shutdown before Docker kills it", () => {
    expect(service(services, "site").stop_grace_period).toBe("20s");
    // main.ts's own deadline, after which it exits anyway.
    expect(readRepoFile("apps/admin-api/src/main.ts")).toMatch(/shutdown took too long[\s\S]{1,200}?\b15_000\b/);
  });

  it("passes settings through from the shell or .env, and blanks mean the API's defaults", () => {
    const smtp = "smtps://apikey:secret@smtp.example.com:465";
    const custom = composeConfig(base, { SMTP_URL: smtp, ADMIN_API_TOKEN: "t".repeat(32), SITE_URL: "https://www.example.com" });
    const site = service(custom.config.services, "site");
    expect(site.environment?.["SMTP_URL"]).toBe(smtp);
    expect(site.environment?.["ADMIN_API_TOKEN"]).toBe("t".repeat(32));
    // The prerendered pages' canonical URLs follow the same SITE_URL as the API.
    expect(site.build?.args?.["VITE_SITE_URL"]).toBe("https://www.example.com");
    expect(site.environment?.["SITE_URL"]).toBe("https://www.example.com");
    expect(service(services, "site").environment?.["ADMIN_API_TOKEN"]).toBe("");
  });
});

describe("docker-compose.firestore.yml over docker-compose.yml", () => {
  it("refuses to resolve without a project id, naming the variable", () => {
    const resolved = composeConfig(withFirestore);
    expect(resolved.status).not.toBe(0);
    expect(resolved.stderr).toContain("FIRESTORE_PROJECT_ID");
  });

  it("switches the site to Firestore with the key mounted as a secret, never in the image", () => {
    const resolved = composeConfig(withFirestore, {
      FIRESTORE_PROJECT_ID: "kilima-prod",
      FIRESTORE_CREDENTIALS_FILE: "/etc/kilima/firestore.json",
    });
    expect(resolved.status).toBe(0);
    const site = service(resolved.config.services, "site");
    expect(site.environment).toMatchObject({
      STORE: "firestore",
      FIRESTORE_PROJECT_ID: "kilima-prod",
      GOOGLE_APPLICATION_CREDENTIALS: "/run/secrets/firestore-service-account",
    });
    // Compose mounts file secrets read-only at /run/secrets/<name>.
    expect(secretNames(site)).toEqual(["firestore-service-account"]);
    expect(resolved.config.secrets?.["firestore-service-account"]?.file).toBe("/etc/kilima/firestore.json");
    // Everything else (Mailpit, the volume, healthchecks) is inherited from the base file.
    expect(Object.keys(resolved.config.services).sort()).toEqual(["mailpit", "site"]);
    expect(volumeMounts(site)).toEqual([{ source: "site-var", target: "/app/var", readOnly: false }]);
  });

  it("keeps key files out of the image's build context", () => {
    const ignored = readRepoFile(".dockerignore").split("\n").map((line) => line.trim());
    expect(ignored).toContain("secrets");
    expect(ignored).toContain("*service-account*.json");
  });
});
