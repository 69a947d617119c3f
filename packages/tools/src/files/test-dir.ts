/** Temporary directories for the tests of this folder (not exported by the package). */
import { tempDirs } from '@lug/testing';
import { afterEach } from 'vitest';

const dirs = tempDirs('lug-files-');
afterEach(() => dirs.removeAll());

export const tempDir = (): string => dirs.make();
