import type { ScoreColour } from '@/features/credit/api/types';

/** `savings_opened` → `Savings Opened`. */
export function actionLabel(actionType: string): string {
  return actionType
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** `+5`, `-10`, `0`. */
export function signedPoints(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

/** Spec §4: 250 or more green, 150 or more yellow, 100 or more orange, otherwise red. */
export function scoreColour(score: number): ScoreColour {
  if (score >= 250) return 'green';
  if (score >= 150) return 'yellow';
  if (score >= 100) return 'orange';
  return 'red';
}
