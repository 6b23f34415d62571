import { selectProgress } from '../../../shared/features/shell/shellSlice';
import { useAppSelector } from '../../store/hooks';

/** SPEC §4 "Progress bar": its phases come from the progress-bar saga; the 5 s run is a CSS animation. */
export function ProgressBar() {
  const { phase, run } = useAppSelector(selectProgress);
  if (phase === 'idle') return null;
  return (
    <div className="progress-bar" data-phase={phase} role="progressbar" aria-label="Loading the page" aria-busy={phase === 'running'}>
      <div key={run} className="progress-bar__fill" />
    </div>
  );
}
