// A small partner vocabulary and clock for the engine's unit tests (no database).
import type { Vocabulary } from '../../src/server/engines/nlq';

export const NOW = new Date('2026-11-24T09:00:00Z');

export const VOCAB: Vocabulary = {
  partnerId: 1001,
  partnerName: 'Konzerthaus Rheinland',
  currency: 'EUR',
  categories: ['opera', 'ballet', 'symphony', 'chamber', 'theatre', 'comedy', 'rock_pop', 'operetta_musical'],
  cities: ['Köln', 'Düsseldorf', 'Bonn', 'Essen', 'Frankfurt am Main'],
  venues: ['Kölner Philharmonie', 'Opernhaus Düsseldorf', 'Kongresshalle Essen'],
  halls: ['Großer Saal', 'Kammermusiksaal', 'Studiobühne'],
  artists: ['Lena Falk', 'Rheinische Philharmonie'],
  composers: ['Beethoven', 'Haydn'],
  titles: ['La Traviata', 'Die Zauberflöte', 'Beethoven: Sinfonie Nr. 9', 'Theater-Abo Saison 2026/27'],
  ticketTypes: ['subscription', 'regular', 'discount', 'free', 'cancelled', 'reserved'],
  priceCategories: ['Parkett', 'Loge', '1. Rang', '1', '2'],
  paymentMethods: ['credit_card', 'paypal', 'cash', 'invoice'],
  customProperties: [
    { label: 'Abonnement', values: ['Premium', 'Basis'] },
    { label: 'Newsletter', values: ['ja', 'nein'] },
    { label: 'Lieblingssparte', values: ['Oper', 'Ballett'] },
  ],
};
