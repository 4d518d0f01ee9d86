import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setStepUpHandler } from '@/lib/step-up';

// The form comes as its own chunk when first asked for: the first page stays light (its size budget).
const StepUpForm = lazy(() => import('@/features/security/step-up-form').then((module) => ({ default: module.StepUpForm })));

type Question = { detail: string; answer: (given: boolean) => void };

/**
 * Asks for the second factor again when the server wants a fresh one (403 `step_up_required`, lib/step-up.ts):
 * the action that was refused waits behind the dialog with its form as it was, and goes again once the
 * factor is given. Mounted once, for the whole signed-in app.
 */
export function StepUpDialog() {
  const [question, setQuestion] = useState<Question | null>(null);
  const open = useRef<Question | null>(null);

  useEffect(() => {
    setStepUpHandler(
      (detail) =>
        new Promise<boolean>((resolve) => {
          open.current = { detail, answer: resolve };
          setQuestion(open.current);
        }),
    );
    return () => {
      setStepUpHandler(null);
      open.current?.answer(false); // signed out or gone: the held call's refusal stands
    };
  }, []);

  if (!question) return null;
  const close = (given: boolean) => {
    question.answer(given);
    open.current = null;
    setQuestion(null);
  };
  return (
    <Suspense fallback={null}>
      <StepUpForm detail={question.detail} onDone={() => close(true)} onCancel={() => close(false)} />
    </Suspense>
  );
}
