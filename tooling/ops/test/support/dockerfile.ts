import { readRepoFile } from "./repo.js";

/** One Dockerfile instruction, continuation lines joined, with the build stage it belongs to. */
export interface Instruction {
  keyword: string;
  args: string;
  /** The stage's `AS` name, or "" before the first FROM (global ARGs). */
  stage: string;
}

/**
 * A small Dockerfile reader, enough to check this repo's own file: comments and parser directives are
 * dropped, backslash-continued lines are joined, and each instruction records its stage.
 */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let stage = "";
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (pending === "" && (line === "" || line.startsWith("#"))) continue;
    if (pending !== "" && line.startsWith("#")) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = "";
    const match = /^(\S+)(?:\s+(\S[\s\S]*))?$/.exec(full);
    if (!match) continue;
    const keyword = (match[1] ?? "").toUpperCase();
    const args = match[2] ?? "";
    if (keyword === "FROM") stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? args;
    instructions.push({ keyword, args, stage });
  }
  return instructions;
}

/** The exec-form (JSON array) command after `CMD` in a CMD or HEALTHCHECK instruction. */
export function execForm(args: string): string[] {
  const start = args.indexOf("CMD [");
  const json = start >= 0 ? args.slice(start + "CMD ".length) : args;
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === "string")) {
    throw new Error(`not an exec-form command: ${args}`);
  }
  return parsed;
}

/** The repo's Dockerfile, parsed once. */
export const repoDockerfile: Instruction[] = parseDockerfile(readRepoFile("Dockerfile"));

/** The instructions of one keyword in one stage of the repo's Dockerfile. */
export const inStage = (stage: string, keyword: string): Instruction[] =>
  repoDockerfile.filter((instruction) => instruction.stage === stage && instruction.keyword === keyword);

/** The runtime stage's ENV, as the image's processes see it. */
export function runtimeEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of inStage("runtime", "ENV")) {
    for (const match of args.matchAll(/\b(\w+)=(\S+)/g)) env[match[1] ?? ""] = match[2] ?? "";
  }
  return env;
}

/** The image's HEALTHCHECK command (exec form), and its CMD. */
export const healthcheckCommand = (): string[] => execForm(inStage("runtime", "HEALTHCHECK")[0]?.args ?? "");
export const startCommand = (): string[] => execForm(inStage("runtime", "CMD")[0]?.args ?? "");
