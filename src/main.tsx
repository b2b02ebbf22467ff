import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './app/i18n.ts';
import { Spinner } from './ui/Spinner.tsx';
import './styles/tokens.css';
import './styles/base.css';

const root = createRoot(document.getElementById('root')!);
root.render(<Spinner />);
void initI18n().then(() => {
  root.render(
    <StrictMode>
      <Suspense fallback={<Spinner />}>
        <App />
      </Suspense>
    </StrictMode>,
  );
});
