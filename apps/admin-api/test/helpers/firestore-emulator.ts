import { createRequire } from "node:module";
import { FirestoreServer, FirestoreStateDocument } from "@firestore-emulator/server";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";

/** The parts of @grpc/grpc-js's Server and module this helper uses. */
interface GrpcServer {
  bindAsync(
    address: string,
    credentials: unknown,
    callback: (error: Error | null, port: number) => void,
  ): void;
}
interface GrpcModule {
  ServerCredentials: { createInsecure(): unknown };
}

export interface FirestoreEmulator {
  /** host:port, as FIRESTORE_EMULATOR_HOST holds it while the emulator runs. */
  host: string;
  /**
   * A firebase-admin Firestore client on a project of its own (a fresh projectId and App name), so each
   * caller starts from an empty database without deleting anything. `dispose` deletes the App.
   */
  connect(label: string): { firestore: Firestore; projectId: string; dispose(): Promise<void> };
  /** Another client (its own App and gRPC channel) on a project `connect` made: a second process, say. */
  connectTo(projectId: string): { firestore: Firestore; dispose(): Promise<void> };
  stop(): Promise<void>;
}

const transformsFixed = Symbol.for("site.firestore-emulator.every-transform");

/**
 * 0.3.15 applies only the first transform of a write when that is a server timestamp (its
 * `set_to_server_value` branch in FirestoreStateDocument.v1Transform says `return` where the increment
 * branches say `continue`), so `{ createdAt: serverTimestamp(), updatedAt: serverTimestamp() }` stores only
 * createdAt. Real Firestore applies them all. Handing the original method one transform at a time gives
 * the real behaviour without touching the emulator's logic. Idempotent.
 */
function applyEveryFieldTransform(): void {
  const prototype = FirestoreStateDocument.prototype as FirestoreStateDocument & {
    [transformsFixed]?: true;
  };
  if (prototype[transformsFixed]) return;
  const original = prototype.v1Transform;
  prototype.v1Transform = function (this: FirestoreStateDocument, date, transforms) {
    for (const transform of transforms) original.call(this, date, [transform]);
  };
  prototype[transformsFixed] = true;
}

/**
 * Starts @firestore-emulator/server in this process on an ephemeral port of 127.0.0.1.
 *
 * `FirestoreServer.start(port)` binds 0.0.0.0 on a port the caller must pick, so this binds the emulator's
 * own gRPC server instead, on 127.0.0.1:0, and reads the port the OS chose. The server is a private field
 * of FirestoreServer, and the credentials must come from the very @grpc/grpc-js copy the emulator uses,
 * hence the resolution from the emulator's own location. Checked against 0.3.15.
 */
export async function startFirestoreEmulator(): Promise<FirestoreEmulator> {
  const require = createRequire(import.meta.url);
  const grpc = createRequire(require.resolve("@firestore-emulator/server"))(
    "@grpc/grpc-js",
  ) as GrpcModule;
  applyEveryFieldTransform();
  const emulator = new FirestoreServer();
  const server = (emulator as unknown as { server?: GrpcServer }).server;
  if (typeof server?.bindAsync !== "function") {
    throw new Error(
      "@firestore-emulator/server changed: FirestoreServer has no gRPC `server` field to bind",
    );
  }
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });
  const host = `127.0.0.1:${port}`;

  // firebase-admin reads it when getFirestore() first builds a client; restored on stop.
  const previousHost = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = host;

  let projects = 0;
  return {
    host,
    connect(label) {
      projects += 1;
      const projectId = `demo-${label}-${process.pid}-${projects}`;
      const app = initializeApp({ projectId }, projectId);
      return { firestore: getFirestore(app), projectId, dispose: () => deleteApp(app) };
    },
    connectTo(projectId) {
      projects += 1;
      const app = initializeApp({ projectId }, `${projectId}-client-${projects}`);
      return { firestore: getFirestore(app), dispose: () => deleteApp(app) };
    },
    async stop() {
      emulator.stop();
      if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
    },
  };
}
