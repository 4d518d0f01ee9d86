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
