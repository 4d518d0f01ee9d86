export { dividendKeys } from '@/features/dividends/api/keys';
export { DividendsTile, parseDividends } from '@/features/dividends/dividends-tile';
export { SoloDividendsCard } from '@/features/dividends/solo-dividends-card';
