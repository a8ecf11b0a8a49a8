import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';

export type CarouselImage = { src: string; width: number; height: number };

export type CarouselSlide = {
  title: string;
  alt: string;
  desktop: CarouselImage;
  mobile: CarouselImage;
};

type Props = {
  label: string;
  slides: readonly CarouselSlide[];
  /** Below this width the mobile composition of each screenshot is shown. */
  mobileMaxWidth?: number;
};

const SWIPE_PX = 40;

/** Testimonial screenshots one at a time, with previous/next buttons, dots, arrow keys and swipe. */
export default function Carousel({ label, slides, mobileMaxWidth = 640 }: Props) {
  const [index, setIndex] = useState(0);
  const touchStart = useRef<number | null>(null);
  const count = slides.length;
  const go = (next: number) => setIndex((next + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? index + 1 : index - 1);
  };

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <div className="carousel__viewport" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div className="carousel__track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {slides.map((slide, slideIndex) => (
            <div
              className="carousel__slide"
              key={slide.desktop.src}
              role="group"
              aria-roledescription="slide"
              aria-label={`${slideIndex + 1} of ${count}: ${slide.title}`}
              inert={slideIndex !== index}
            >
              <figure>
                <picture>
                  <source
                    media={`(max-width: ${mobileMaxWidth}px)`}
                    srcSet={slide.mobile.src}
                    width={slide.mobile.width}
                    height={slide.mobile.height}
                  />
                  <img
                    src={slide.desktop.src}
                    width={slide.desktop.width}
                    height={slide.desktop.height}
                    alt={slide.alt}
                    loading="lazy"
                    decoding="async"
                  />
                </picture>
                <figcaption>{slide.title}</figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__arrow"
          aria-label="Previous testimonial"
          onClick={() => go(index - 1)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <div className="carousel__dots">
          {slides.map((slide, slideIndex) => (
            <button
              type="button"
              key={slide.desktop.src}
              className="carousel__dot"
              aria-label={`Show testimonial ${slideIndex + 1}: ${slide.title}`}
              aria-current={slideIndex === index ? 'true' : undefined}
              onClick={() => setIndex(slideIndex)}
            />
          ))}
        </div>
        <button
          type="button"
          className="carousel__arrow"
          aria-label="Next testimonial"
          onClick={() => go(index + 1)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d="M9 5l7 7-7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {`Showing testimonial ${index + 1} of ${count}: ${slides[index]?.title ?? ''}`}
      </p>
    </section>
  );
}
