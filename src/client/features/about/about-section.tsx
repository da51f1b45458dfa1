import { images } from '../../lib/page-images';
import { property } from '../../i18n/locale';
import { NearPicture } from '../../ui/picture';
import { Section } from '../../ui/section';

export function AboutSection() {
  const { about } = property;
  const photo = images[about.photo];
  return (
    <Section id="about" tone="sand" className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
      <div>
        <h2 id="about-heading" className="font-heading text-3xl font-bold text-lake-800 md:text-4xl">
          {about.heading}
        </h2>
        <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
      <div>
        {photo && (
          <NearPicture
            image={photo}
            alt={property.gallery.find((g) => g.photo === about.photo)?.alt ?? ''}
            sizes="(min-width: 768px) 50vw, 100vw"
            className="aspect-[3/2] h-auto w-full rounded-2xl object-cover shadow-lg"
          />
        )}
      </div>
    </Section>
  );
}
