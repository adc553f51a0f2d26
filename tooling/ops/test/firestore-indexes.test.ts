import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readRepoFile, repoPath } from "./support/repo.js";

/**
 * firestore.indexes.json against the Firestore adapters' real queries. The emulators do not enforce
 * indexes, so this reads the adapters' sources (each capability's `firestore*.ts` and the composing
 * store in adapters/firestore/): every field they filter or order on must stay indexed, and each
 * composite index must be made of such fields.
 */
const apiSource = "apps/admin-api/src";
const adapterPaths = (readdirSync(repoPath(apiSource), { recursive: true }) as string[])
  .map((path) => path.split("\\").join("/"))
  .filter(
    (path) => /(?:^|\/)firestore[\w-]*\.ts$/.test(path) || path.startsWith("adapters/firestore/"),
  )
  .filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts"))
  .sort();

interface IndexField {
  fieldPath: string;
  order?: "ASCENDING" | "DESCENDING";
  arrayConfig?: "CONTAINS";
}
interface CompositeIndex {
  collectionGroup: string;
  queryScope: "COLLECTION" | "COLLECTION_GROUP";
  fields: IndexField[];
}
interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: unknown[];
}
interface IndexesFile {
  indexes: CompositeIndex[];
  fieldOverrides: FieldOverride[];
}

const file = JSON.parse(readRepoFile("firestore.indexes.json")) as IndexesFile;
const adapter = adapterPaths.map((path) => readRepoFile(apiSource, path)).join("\n");

/** Field paths the adapter passes to where() or orderBy(). */
function queriedFields(source: string): Set<string> {
  const fields = new Set<string>();
  for (const match of source.matchAll(/\.(?:where|orderBy)\(\s*"([^"]+)"/g))
    fields.add(match[1] ?? "");
  return fields;
}

describe("firestore.indexes.json", () => {
  it("reads every capability's Firestore adapter (a moved file must not leave a query unchecked)", () => {
    for (const capability of [
      "comments",
      "contacts",
      "leads",
      "mail",
      "newsletter",
      "personal-data",
      "staff",
    ])
      expect(adapterPaths).toContain(`${capability}/firestore.ts`);
    expect(adapterPaths).toContain("common/idempotency/firestore.ts");
  });

  it("has the shape the Firebase CLI deploys", () => {
    expect(Object.keys(file).sort()).toEqual(["fieldOverrides", "indexes"]);
    for (const index of file.indexes) {
      expect(index.collectionGroup).toMatch(/^[a-z][a-zA-Z]*$/);
      expect(index.queryScope).toBe("COLLECTION");
      expect(index.fields.length).toBeGreaterThanOrEqual(2);
      for (const field of index.fields) {
        expect(field.fieldPath).toMatch(/^[A-Z][\w.]*$/i);
        expect(["ASCENDING", "DESCENDING"]).toContain(field.order);
      }
    }
    for (const override of file.fieldOverrides) {
      expect(override.fieldPath).toMatch(/^[A-Z][\w.]*$/i);
      expect(Array.isArray(override.indexes)).toBe(true);
    }
  });

  it("holds the composite index of the outbox's oldest-pending query (state, then createdAt)", () => {
    // The query in outboxStats: mail where state in [PENDING, PROCESSING] orderBy createdAt limit 1.
    expect(adapter).toMatch(/mail\s*\.where\("state",\s*"in",\s*\["PENDING",\s*"PROCESSING"\]\)/);
    expect(adapter).toMatch(/backlog\s*\.orderBy\("createdAt"\)/);
    expect(file.indexes).toContainEqual({
      collectionGroup: "mail",
      queryScope: "COLLECTION",
      fields: [
        { fieldPath: "state", order: "ASCENDING" },
        { fieldPath: "createdAt", order: "ASCENDING" },
      ],
    });
  });

  it("indexes only fields the adapter queries, and exempts none of them", () => {
    const queried = queriedFields(adapter);
    // The outbox's fields, and the ones a person's export or erasure looks them up by (single-field
    // equality, served by Firestore's automatic indexes as long as no override exempts them).
    const outbox = ["state", "contactId", "dueAt", "createdAt"];
    const personalData = [
      "email",
      "emailKey",
      "to",
      "toKey",
      "replyTo",
      "replyToKey",
      "subscriptionId",
      "status",
    ];
    // Blog comments: a post's approved thread (post, status), the per-post limit (post, createdAt) and
    // the notification mails of a person's comments (commentId).
    const comments = ["post", "commentId"];
    // Idempotency keys past their time (the retention job's single-field range query).
    const idempotencyKeys = ["expiresAt"];
    // The office: owners counted (role), a person's sessions and links (email), expired and idle
    // sessions purged (expiresAt, lastSeenAt), the audit log newest first (at), and the leads inbox's
    // filters over contacts (status, owner, locale, createdAt; composite indexes below).
    const office = ["role", "lastSeenAt", "at", "owner", "locale"];
    // The audit screen's filters (actor, action, target; composite indexes with `at` below) and the data
    // requests answered before the retention's day (answeredOn).
    const peopleAndAudit = ["actor", "action", "target", "answeredOn"];
    // The office's subscribers: a pending return (awaitingConfirmation, composite indexes below) and the
    // weekly trend's single-field ranges over consents and departures.
    const subscribers = ["awaitingConfirmation", "consentAt", "unsubscribedAt"];
    expect(queried).toEqual(
      new Set([
        ...outbox,
        ...personalData,
        ...comments,
        ...idempotencyKeys,
        ...office,
        ...peopleAndAudit,
        ...subscribers,
      ]),
    );
    for (const index of file.indexes) {
      for (const field of index.fields) expect(queried, field.fieldPath).toContain(field.fieldPath);
    }
    for (const override of file.fieldOverrides.filter((o) => o.indexes.length === 0)) {
      for (const field of queried) {
        expect(
          field === override.fieldPath || field.startsWith(`${override.fieldPath}.`),
          field,
        ).toBe(false);
      }
    }
  });

  it("indexes the per-post comment limit's query: comments where post == then createdAt >=", () => {
    expect(adapter).toMatch(/\.where\("post",\s*"=="[^)]*\)\s*\.where\("createdAt",\s*">="/);
    expect(file.indexes).toContainEqual({
      collectionGroup: "comments",
      queryScope: "COLLECTION",
      fields: [
        { fieldPath: "post", order: "ASCENDING" },
        { fieldPath: "createdAt", order: "ASCENDING" },
      ],
    });
  });

  it("indexes every combination of the office subscribers' equality filters, newest first", () => {
    for (const filters of [
      ["status"],
      ["locale"],
      ["status", "locale"],
      ["status", "awaitingConfirmation"],
      ["status", "awaitingConfirmation", "locale"],
    ]) {
      expect(file.indexes).toContainEqual({
        collectionGroup: "subscriptions",
        queryScope: "COLLECTION",
        fields: [
          ...filters.map((fieldPath) => ({ fieldPath, order: "ASCENDING" })),
          { fieldPath: "createdAt", order: "DESCENDING" },
        ],
      });
    }
  });

  it("indexes every combination of the leads inbox's equality filters, newest first", () => {
    expect(adapter).toMatch(/return query\.orderBy\("createdAt",\s*"desc"\)/);
    for (const filters of [
      ["status"],
      ["owner"],
      ["locale"],
      ["status", "owner"],
      ["status", "locale"],
      ["owner", "locale"],
      ["status", "owner", "locale"],
    ]) {
      expect(file.indexes).toContainEqual({
        collectionGroup: "contacts",
        queryScope: "COLLECTION",
        fields: [
          ...filters.map((fieldPath) => ({ fieldPath, order: "ASCENDING" })),
          { fieldPath: "createdAt", order: "DESCENDING" },
        ],
      });
    }
  });

  it("indexes the office's comment queue: status with its post and language filters, oldest first", () => {
    expect(adapter).toMatch(/queueQuery\(filter\)\.orderBy\("createdAt"\)/);
    for (const filters of [
      ["status"],
      ["status", "post"],
      ["status", "locale"],
      ["status", "post", "locale"],
    ]) {
      expect(file.indexes).toContainEqual({
        collectionGroup: "comments",
        queryScope: "COLLECTION",
        fields: [
          ...filters.map((fieldPath) => ({ fieldPath, order: "ASCENDING" })),
          { fieldPath: "createdAt", order: "ASCENDING" },
        ],
      });
    }
  });

  it("claims due mail with one single-field range query, which needs no composite index", () => {
    expect(adapter).toMatch(
      /mail\s*\.where\("dueAt",\s*"<=",[^)]+\)\)\s*\.orderBy\("dueAt"\)\s*\.limit\(/,
    );
  });
});

describe("firebase.json", () => {
  const firebase = JSON.parse(readRepoFile("firebase.json")) as {
    firestore: { rules: string; indexes: string };
    emulators: { firestore: { host: string; port: number } };
  };

  it("deploys this repo's rules and indexes (`firebase deploy --only firestore`)", () => {
    expect(firebase.firestore).toEqual({
      rules: "firestore.rules",
      indexes: "firestore.indexes.json",
    });
    expect(readRepoFile(firebase.firestore.rules)).toContain("service cloud.firestore");
  });

  it("runs its emulator on loopback, off the API's port 8080", () => {
    expect(firebase.emulators.firestore.host).toBe("127.0.0.1");
    expect(firebase.emulators.firestore.port).not.toBe(8080);
  });
});
