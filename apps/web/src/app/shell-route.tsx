import { ShellLayout } from '../features/shell/shell-layout';

/** The logged-in shell as a lazy route element (its own chunk, loaded with the first shell page). */
export default ShellLayout;
