import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setZodJitless } from '#lib/zod-jitless';

describe('zod jitless', () => {
  it('is what zod reads from its configuration after the entry sets it', () => {
    setZodJitless();
    expect(z.config().jitless).toBe(true);
  });
});
