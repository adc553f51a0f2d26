#!/usr/bin/env node
/**
 * The office's staff for operators: who is on it, and naming an owner without the office (the first
 * one on a deployment where OFFICE_OWNER_EMAIL is not set, or a new one when every owner has left).
 *
 *   site-office staff              every member: address, role, when added and by whom
 *   site-office add-owner EMAIL    makes EMAIL an owner if not on the staff yet (audited as the system);
 *                                  an existing member keeps their role (exit code 1, saying so)
 *
 * The new owner then signs in as anyone does (a link mailed from /admin/sign-in, or Firebase). In the
 * image: `docker compose exec site node dist/cli/office.js staff`. Works on either store.
 */
import { runOperatorCommand } from "./bootstrap.js";
import { officeCommand } from "./commands/office.js";

await runOperatorCommand(officeCommand);
