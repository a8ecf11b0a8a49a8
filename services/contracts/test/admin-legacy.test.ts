import { describe, expect, it } from 'vitest';
import { adminCourseSchema, adminOrderSchema, reorderAdminCoursesSchema } from '../src/admin.ts';

describe('legacy admin payloads (spec 001 §3)', () => {
  it('the admin order payload needs a password of at least 6 characters', () => {
    const result = adminOrderSchema.safeParse({ order_id: '123', password: '12345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 6 characters');
    expect(adminOrderSchema.parse({ order_id: ' 123 ', password: '123456' })).toEqual({
      order_id: '123',
      password: '123456',
    });
  });

  it('an admin course may carry its video as vimeoUrl', () => {
    const course = adminCourseSchema.parse({
      programId: 1,
      title: 'Night 1',
      vimeoUrl: 'https://vimeo.com/76979871',
      orderPosition: 0,
    });
    expect(course).toMatchObject({ vimeoUrl: 'https://vimeo.com/76979871', isActive: true });
    expect(
      adminCourseSchema.safeParse({
        programId: 1,
        title: 'x',
        vimeoUrl: 'https://example.com/1',
        orderPosition: 0,
      }).success,
    ).toBe(false);
  });

  it('the admin course reorder payload is courses of id and orderPosition numbers', () => {
    expect(reorderAdminCoursesSchema.parse({ courses: [{ id: 3, orderPosition: 0 }] })).toEqual({
      courses: [{ id: 3, orderPosition: 0 }],
    });
    expect(reorderAdminCoursesSchema.safeParse({ courses: [{ id: 'x', orderPosition: 0 }] }).success).toBe(
      false,
    );
  });
});
