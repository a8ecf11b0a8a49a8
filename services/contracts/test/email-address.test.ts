import { describe, expect, it } from 'vitest';
import { emailAddressSchema } from '../src/auth.ts';

const schema = emailAddressSchema('Enter a valid email');

describe('an e-mail address', () => {
  it.each(["o'neil&co@example.com", 'a=b~c#d@site.xn--p1ai', 'ann.lee+sleep@mail.example.co.uk'])(
    'takes %s, as a browser and a checkout do',
    (address) => {
      expect(schema.safeParse(address).success).toBe(true);
    },
  );

  it.each(['jane@gmailcom', 'x@', 'a b@example.com', 'a@@example.com', `${'a'.repeat(250)}@example.com`])(
    'refuses %s with the form message',
    (address) => {
      const result = schema.safeParse(address);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter a valid email');
    },
  );
});
