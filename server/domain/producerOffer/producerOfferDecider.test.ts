import { type ProducerOfferCommand, producerOfferDecider } from './producerOfferDecider';
import type { ProducerOfferEvent } from './producerOfferEvents';

const terms = { name: 'Custom trap beat', description: 'A beat made to your references, with stems.', priceCents: 15_000, deliveryDays: 7 };
const at = '2026-11-24T10:00:00.000Z';
const published: ProducerOfferEvent = { type: 'ProducerOfferPublished', data: { offerId: 1, producerId: 7, terms, at } };
const withdrawn: ProducerOfferEvent = { type: 'ProducerOfferWithdrawn', data: { at } };
const decide = (events: ProducerOfferEvent[], command: ProducerOfferCommand) => () =>
  producerOfferDecider.decide(command, events.reduce(producerOfferDecider.evolve, producerOfferDecider.initialState()));

describe('producer offer decider', () => {
  test('an offer is published once; a revision that changes nothing records nothing', () => {
    expect(decide([], { type: 'PublishOffer', offerId: 1, producerId: 7, terms, at })()).toEqual([published]);
    expect(decide([published], { type: 'PublishOffer', offerId: 1, producerId: 7, terms, at })()).toEqual([]);
    expect(decide([published], { type: 'ReviseOffer', producerId: 7, terms, at })()).toEqual([]);
    const dearer = { ...terms, priceCents: 20_000 };
    expect(decide([published], { type: 'ReviseOffer', producerId: 7, terms: dearer, at })()).toEqual([{ type: 'ProducerOfferRevised', data: { terms: dearer, at } }]);
  });

  test("another producer's offer is unknown to them; a withdrawn one no longer changes, and withdrawing twice is once", () => {
    expect(decide([published], { type: 'ReviseOffer', producerId: 8, terms, at })).toThrow('This service does not exist');
    expect(decide([published], { type: 'WithdrawOffer', producerId: 8, at })).toThrow('This service does not exist');
    expect(decide([], { type: 'WithdrawOffer', producerId: 7, at })).toThrow('This service does not exist');
    expect(decide([published], { type: 'WithdrawOffer', producerId: 7, at })()).toEqual([withdrawn]);
    expect(decide([published, withdrawn], { type: 'WithdrawOffer', producerId: 7, at })()).toEqual([]);
    expect(decide([published, withdrawn], { type: 'ReviseOffer', producerId: 7, terms: { ...terms, deliveryDays: 3 }, at })).toThrow('This service does not exist');
  });
});
