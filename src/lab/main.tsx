import { createRoot } from 'react-dom/client';
import { Lab } from './Lab.tsx';
import './lab.css';

// No StrictMode: the lab is a tool, and one running actor per machine keeps its clock readable.
createRoot(document.getElementById('lab-root')!).render(<Lab />);
