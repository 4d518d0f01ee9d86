/** Settings Django writes into the page as `<script id="bank-config" type="application/json">`. */
export interface PageConfig {
  product: string;
  sessionMs: number;
  warningMs: number;
  countdownSeconds: number;
}

export const DEFAULT_PAGE_CONFIG: PageConfig = {
  product: 'Guild Bank',
  sessionMs: 300_000,
  warningMs: 240_000,
  countdownSeconds: 60,
};

function positiveNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export function parsePageConfig(raw: string | null | undefined): PageConfig {
  let data: Record<string, unknown> = {};
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
    } catch {
      // A broken config block falls back to the defaults rather than breaking the page.
    }
  }
  const d = DEFAULT_PAGE_CONFIG;
  return {
    product: typeof data.product === 'string' && data.product ? data.product : d.product,
    sessionMs: positiveNumber(data.sessionMs, d.sessionMs),
    warningMs: positiveNumber(data.warningMs, d.warningMs),
    countdownSeconds: positiveNumber(data.countdownSeconds, d.countdownSeconds),
  };
}

let cached: PageConfig | null = null;

export function getPageConfig(): PageConfig {
  if (!cached) {
    const element = typeof document === 'undefined' ? null : document.getElementById('bank-config');
    cached = parsePageConfig(element?.textContent);
  }
  return cached;
}

/** Tests only: forget the cached config so the next read parses the document again. */
export function resetPageConfigCache(): void {
  cached = null;
}
