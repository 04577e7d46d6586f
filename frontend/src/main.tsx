import { boot } from './app/boot';
import './index.css';

void boot(document.getElementById('root')!);
