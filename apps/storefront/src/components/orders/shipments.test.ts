import { describe, expect, it } from 'vitest';
import { fromErpShipment, fromPlatformShipment, safeHttpUrl, shipmentsToShow } from './shipments';

const erpShipment = {
  erpShipmentId: 'SHP-0000001',
  carrier: 'GLS',
  trackingNumber: '948213377120595',
  trackingUrl: 'http://localhost:4400/tracking/gls/948213377120595',
  containerIds: ['CONT-0000001'],
  shippedAt: '2026-11-22T09:15:02.120Z',
  lines: [{ lineNumber: 10, webShopLineItemId: 'li-1', salesItemNumber: 'B10001', quantity: 2 }],
};

describe('shipments', () => {
  it('accepts only http(s) tracking links', () => {
    expect(safeHttpUrl('https://carrier.example/t/1')).toBe('https://carrier.example/t/1');
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('not a url')).toBeUndefined();
  });

  it('reads a platform shipment with its ERP extension', () => {
    expect(
      fromPlatformShipment(
        {
          ID: 'S1',
          Shipper: 'DHL Freight',
          TrackingNumber: '123',
          DateShipped: '2026-11-22T09:00:00Z',
          xp: { ErpShipmentId: 'SHP-1', ErpContainerIds: ['C1'], TrackingUrl: 'https://t.example/123' },
        },
        [{ LineItemID: 'li-1', QuantityShipped: 1 }],
      ),
    ).toEqual({
      id: 'SHP-1',
      carrier: 'DHL Freight',
      trackingNumber: '123',
      trackingUrl: 'https://t.example/123',
      shippedAt: '2026-11-22T09:00:00Z',
      containers: ['C1'],
      items: [{ lineItemId: 'li-1', quantity: 1 }],
    });
  });

  it('reads an ERP shipment and falls back to the ERP when the platform has none', () => {
    expect(fromErpShipment(erpShipment)).toMatchObject({
      id: 'SHP-0000001',
      carrier: 'GLS',
      trackingUrl: 'http://localhost:4400/tracking/gls/948213377120595',
      items: [{ lineItemId: 'li-1', quantity: 2 }],
    });
    expect(fromErpShipment({ carrier: 'x' })).toBeUndefined();
    expect(shipmentsToShow([], [erpShipment, null])).toHaveLength(1);
    expect(
      shipmentsToShow([{ id: 'P', containers: [], items: [] }], [erpShipment]).map((entry) => entry.id),
    ).toEqual(['P']);
  });
});
