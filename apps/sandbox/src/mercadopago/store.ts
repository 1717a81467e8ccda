import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EmulatorState } from './types';

function emptyState(): EmulatorState {
  return {
    version: 1,
    // Numeric ids start from the clock so that an emulator restarted without a state file does not
    // hand out payment ids that an existing database already holds as unique provider ids.
    nextId: Date.now(),
    failRefunds: 0,
    cardTokens: {},
    customers: {},
    payments: {},
    preapprovals: {},
    authorizedPayments: {},
    preferences: {},
    merchantOrders: {},
    idempotency: {},
    notifications: {},
  };
}

/**
 * All emulator state in one plain object. Every handler changes it synchronously and then calls
 * `save()`, so the optional JSON file always matches memory and a development restart keeps
 * tokens, payments and subscriptions that our own database refers to.
 */
export class EmulatorStore {
  state: EmulatorState;

  constructor(private readonly stateFile?: string) {
    this.state = stateFile && existsSync(stateFile) ? EmulatorStore.load(stateFile) : emptyState();
  }

  private static load(file: string): EmulatorState {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<EmulatorState>;
    // Keep unknown future fields out and fill in anything an older file lacks.
    return { ...emptyState(), ...parsed, version: 1 };
  }

  /** A new numeric id (payments, refunds, invoices, notifications), unique across restarts. */
  numericId(): number {
    const id = Math.max(this.state.nextId, Date.now());
    this.state.nextId = id + 1;
    return id;
  }

  /** A 32-character hexadecimal id, the shape Mercado Pago uses for tokens and preapprovals. */
  hexId(): string {
    return randomBytes(16).toString('hex');
  }

  save(): void {
    if (!this.stateFile) return;
    mkdirSync(dirname(this.stateFile), { recursive: true });
    // Write then rename, so a crash mid-write never leaves a truncated file behind.
    const temporary = `${this.stateFile}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    renameSync(temporary, this.stateFile);
  }

  reset(): void {
    const nextId = this.state.nextId;
    this.state = { ...emptyState(), nextId: Math.max(nextId, Date.now()) };
    this.save();
  }
}
