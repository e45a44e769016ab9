import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * While `unsaved` holds, leaving the page asks first: a link or Back inside the dashboard is held (answer the
 * returned blocker with proceed or reset), and closing or reloading the tab gets the browser's own question.
 */
export function useUnsavedChangesGuard(unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const askFirst = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, [unsaved]);
  return blocker;
}
