import { afterAll, beforeAll } from "vitest";
import { createFirestoreStore } from "../../src/adapters/firestore/firestore-store.js";
import { startFirestoreEmulator, type FirestoreEmulator } from "../helpers/firestore-emulator.js";
import { describeStoreContract } from "./store-contract.js";

let emulator: FirestoreEmulator;
beforeAll(async () => {
  emulator = await startFirestoreEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

// Each store gets a project of its own on the one emulator: isolation without deleting documents.
describeStoreContract("Firestore (emulator)", async () => {
  const { firestore, dispose } = emulator.connect("contract");
  const store = createFirestoreStore({ firestore });
  return {
    store,
    async cleanup() {
      await store.close();
      await dispose();
    },
  };
});
