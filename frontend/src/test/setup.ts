import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 needs these at import time; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Routes are lazy chunks: the first visit to a page waits for its module to load, which on a
// loaded CI machine takes longer than Testing Library's default 1 s for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });
