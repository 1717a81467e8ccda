import { AppHomePage } from './app-home';

/** /misCuentas/ */
export default function PfmHomePage() {
  return <AppHomePage vertical="pfm" />;
}
