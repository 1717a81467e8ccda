import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArcaStore } from './store';

describe('ARCA stand-in state', () => {
  it('survives a restart in its state file: certificates, tickets and vouchers', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'arca-'));
    try {
      const file = join(dir, 'arca.json');
      const first = new ArcaStore('30712345678', file);
      first.vouchersOf('30712345678', 1, 11).push({ CbteDesde: 1 } as never);
      first.state.tickets.push({
        token: 't',
        sign: 's',
        cuit: '30712345678',
        service: 'wsfe',
        generationTime: new Date().toISOString(),
        expirationTime: new Date(Date.now() + 3600_000).toISOString(),
      });
      first.save();
      const again = new ArcaStore('30712345678', file);
      expect(again.state.pki.certPem).toBe(first.state.pki.certPem);
      expect(again.vouchersOf('30712345678', 1, 11)).toEqual([{ CbteDesde: 1 }]);
      expect(again.state.tickets).toHaveLength(1);
      // Another CUIT starts over with certificates of its own.
      const other = new ArcaStore('20123456786', file);
      expect(other.state.pki.certPem).not.toBe(first.state.pki.certPem);
      expect(other.state.vouchers).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
