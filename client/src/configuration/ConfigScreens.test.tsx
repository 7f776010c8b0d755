import {
  type CallDef,
  CONFIG_TABLES,
  type CptCodeRow,
  cptCodesList,
  type InsuranceDefaultRow,
  MSG,
  type VitalRow,
} from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer, pageOf } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 20_000 });

const rows: CptCodeRow[] = [
  {
    code_id: 99445,
    code: '99445',
    program: 'RPM',
    rule: 'Device supply, 2-15 reading days',
    effective_from: '2026-01-01',
  },
];

beforeEach(() => {
  storeUser(makeUser({ roleid: [2], pages: ['Cpt Codes Table'] }));
});

describe('Cpt Codes Table (000 §2.4)', () => {
  it('lists the codes with their rules on /app/CPT-codes', async () => {
    fakeServer()
      .on(cptCodesList.calls.list as unknown as CallDef, (r) => pageOf(rows, r.query))
      .on(cptCodesList.calls.filterOptions as unknown as CallDef, { status: 1, data: {} });
    renderWithProviders(
      <PageArea pathname="/app/CPT-codes" title="Cpt Codes" notFound={false} />,
      '/app/CPT-codes',
    );
    expect(await screen.findByText('Device supply, 2-15 reading days')).toBeTruthy();
    expect(screen.getByText('01/01/2026')).toBeTruthy();
  });
});

const { vitals, 'insurances-default': prices } = CONFIG_TABLES;
const vitalRows: VitalRow[] = [
  {
    vital_id: 3,
    vital_type: 'pulse',
    device_type_id: 1,
    device_type: 'Blood Pressure',
    unit: 'bpm',
    active: true,
    status: 'Active',
  },
];
const render = (path: string) =>
  renderWithProviders(<PageArea pathname={path} title="Configuration" notFound={false} />, path);

describe('the configuration tables’ form (config-table.ts), on two tables', () => {
  it('Vitals: checks the fields with the server’s schema, then adds with the device type chosen', async () => {
    storeUser(makeUser({ roleid: [1], pages: ['Vitals Table'] }));
    const server = fakeServer()
      .on(vitals.list.calls.list as unknown as CallDef, (r) => pageOf(vitalRows, r.query))
      .on(vitals.list.calls.filterOptions as unknown as CallDef, {
        status: 1,
        data: { device_type_id: [{ value: '1', label: 'Blood Pressure' }] },
      })
      .on(vitals.add as CallDef, { status: 1, message: MSG.addedSuccessfully, data: { id: 10 } });
    const ui = userEvent.setup();
    render('/app/vitalType');
    await screen.findByText('pulse');
    await ui.click(screen.getByRole('button', { name: 'Add' }));
    await ui.type(await screen.findByLabelText('Vital'), 'temperature');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required')).toHaveLength(1);
    expect(server.requests(vitals.add as CallDef)).toHaveLength(0);
    await ui.selectOptions(screen.getByLabelText('Device Type'), '1');
    await ui.type(screen.getByLabelText('Unit'), '°F');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies(vitals.add as CallDef)).toEqual([
        { vital_type: 'temperature', device_type_id: 1, unit: '°F' },
      ]),
    );
    expect(server.last(vitals.add as CallDef)?.headers['idempotency-key']).toBeTruthy();
  });

  it('Vitals: an edit keeps the device type and can deactivate the row', async () => {
    storeUser(makeUser({ roleid: [1], pages: ['Vitals Table'] }));
    const server = fakeServer()
      .on(vitals.list.calls.list as unknown as CallDef, (r) => pageOf(vitalRows, r.query))
      .on(vitals.list.calls.filterOptions as unknown as CallDef, {
        status: 1,
        data: { device_type_id: [{ value: '1', label: 'Blood Pressure' }] },
      })
      .on(vitals.update as CallDef, { status: 1, message: MSG.updatedSuccessfully });
    const ui = userEvent.setup();
    render('/app/vitalType');
    await screen.findByText('pulse');
    await ui.click(screen.getByRole('button', { name: 'Edit' }));
    expect((await screen.findByLabelText<HTMLSelectElement>('Device Type')).disabled).toBe(true);
    await ui.click(screen.getByLabelText('Active'));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies(vitals.update as CallDef)).toEqual([
        { id: 3, vital_type: 'pulse', unit: 'bpm', active: false },
      ]),
    );
  });

  it('Insurances Default Amount: prices are only added (no Edit), from the first of a month', async () => {
    storeUser(makeUser({ roleid: [10], pages: ['Insurances Default Amount Table'] }));
    const row: InsuranceDefaultRow = {
      amount_id: 1,
      cpt_code: '99454',
      amount: 47.2,
      effective_from: '2026-01-01',
    };
    const server = fakeServer()
      .on(prices.list.calls.list as unknown as CallDef, (r) => pageOf([row], r.query))
      .on(prices.list.calls.filterOptions as unknown as CallDef, { status: 1, data: {} })
      .on(prices.add as CallDef, { status: 1, message: MSG.addedSuccessfully, data: { id: 2 } });
    const ui = userEvent.setup();
    render('/app/insurances-default');
    await screen.findByText('$47.20');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Add' }));
    await ui.selectOptions(await screen.findByLabelText('CPT Code'), '99454');
    await ui.type(screen.getByLabelText('Amount'), '51.25');
    await ui.type(screen.getByLabelText('Effective From'), '2026-12-15');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Prices take effect on the first day of a month')).toBeTruthy();
    await ui.clear(screen.getByLabelText('Effective From'));
    await ui.type(screen.getByLabelText('Effective From'), '2026-12-01');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies(prices.add as CallDef)).toEqual([
        { cpt_code: '99454', amount: 51.25, effective_from: '2026-12-01' },
      ]),
    );
  });
});
