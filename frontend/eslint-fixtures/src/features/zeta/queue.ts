import type { Card } from './card';

export type Queue = { cards: Card[] };
