import type { RecordedEvent } from '../../eventStore/eventStore';
import { customOrderEventCodec } from './customOrderEventCodec';

const recorded = (data: unknown): RecordedEvent => ({
  streamId: 'customOrder-0b6f4c8e-4a57-4a6e-9d59-1f3a2a1e7c11',
  version: 1,
  position: 1,
  type: 'CustomOrderRequested',
  data,
  recordedAt: '2026-11-21T10:00:00.000Z',
});

const request = { customOrderId: '0b6f4c8e-4a57-4a6e-9d59-1f3a2a1e7c11', buyerId: 7, brief: 'Master my single.', requestedAt: '2026-11-21T10:00:00.000Z' };

describe('custom order events read back', () => {
  test('an order recorded before producers offered services reads as a shop service', () => {
    const event = customOrderEventCodec.decode(recorded({ ...request, service: { serviceId: 2, name: 'Mastering', priceCents: 5_900, deliveryDays: 3 } }));
    expect(event.type === 'CustomOrderRequested' && event.data.service).toEqual({ serviceId: 2, producerId: null, name: 'Mastering', priceCents: 5_900, deliveryDays: 3 });
  });

  test("a producer's offer keeps its producer", () => {
    const event = customOrderEventCodec.decode(recorded({ ...request, service: { serviceId: 12, producerId: 10_004, name: 'Custom beat', priceCents: 15_000, deliveryDays: 5 } }));
    expect(event.type === 'CustomOrderRequested' && event.data.service.producerId).toBe(10_004);
  });
});
