/** How the pearl exchange screens word their figures (formatting only: the server prices everything). */
import { formatMoney } from '@/lib/money';
import type { ExchangeType } from '@/features/exchange/api/keys';
import type { ExchangeStatus } from '@/features/exchange/api/types';
import { plural } from '@/lib/plural';

export const STATUS_LABEL: Record<ExchangeStatus, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied', cancelled: 'Cancelled' };
export const STATUS_TONE: Record<ExchangeStatus, string> = { pending: 'warning', approved: 'success', denied: 'error', cancelled: 'neutral' };

/** 'Sell Pearls' or 'Buy Pearls'. */
export function directionTitle(type: ExchangeType): string {
  return type === 'sell' ? 'Sell Pearls' : 'Buy Pearls';
}

/** Where a sale's bread goes, or where a purchase's bread comes from. */
export function destinationLabel(type: ExchangeType): string {
  return type === 'sell' ? 'Destination' : 'Source';
}

export function formatPearls(pearls: number): string {
  return plural(pearls, 'pearl');
}

/** `€2,500 per pearl` */
export function formatRatePerPearl(rate: number): string {
  return `${formatMoney(rate)} per pearl`;
}

/** The spec's calculation line, pearls x rate = amount, with the server's three figures. */
export function calculationLine({ pearls, rate, bread }: { pearls: number; rate: number; bread: number }): string {
  return `${formatPearls(pearls)} × ${formatMoney(rate)} = ${formatMoney(bread)}`;
}

/** The spec's success alert, worded by direction. */
export function requestSentMessage(type: ExchangeType): string {
  return `Pearl ${type} request submitted successfully! You will be contacted when it is processed.`;
}
