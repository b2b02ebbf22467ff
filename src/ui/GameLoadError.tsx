import { Link } from 'react-router-dom';

/** The centred panel a game screen shows when its picture or contest did not load. */
export function GameLoadError({
  message,
  retryLabel,
  homeLabel,
  homeTo,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  homeLabel: string;
  homeTo: string;
  onRetry: () => void;
}) {
  return (
    <div className="trial-game__center">
      <div className="trial-error">
        <p className="trial-error__text" role="alert">
          {message}
        </p>
        <div className="trial-error__actions">
          <button type="button" className="button button--primary" onClick={onRetry}>
            {retryLabel}
          </button>
          <Link to={homeTo} className="button button--ghost">
            {homeLabel}
          </Link>
        </div>
      </div>
    </div>
  );
}
