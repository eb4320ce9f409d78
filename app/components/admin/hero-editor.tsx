import { ArrowDown, ArrowUp, ImagePlus, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useToast } from "../../hooks/use-toast.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { heroImageSources, type HeroContent, type HeroSlide } from "../../lib/hero.ts";
import {
  imageProblemToast,
  IMAGE_ACCEPT,
  IMAGE_SNIFF_BYTES,
  imageProblem,
} from "../../lib/schemas/image.ts";
import {
  MAX_HERO_DESCRIPTION_LENGTH,
  MAX_HERO_SLIDES,
  MAX_HERO_SUBTITLE_LENGTH,
  MAX_HERO_TITLE_LENGTH,
  MAX_SLIDE_ALT_LENGTH,
  MAX_SLIDE_DESCRIPTION_LENGTH,
} from "../../lib/schemas/platform-settings.ts";
import type { Toast } from "../../lib/toast.ts";
import { Button, SubmitButton } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Input, Label } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";

/** What the action answers when it did not redirect: the fields' messages and the values sent. */
export interface HeroFormResult {
  intent: "hero";
  fieldErrors: Partial<Record<string, MessageKey>>;
  values: HeroContent;
  toast: Toast;
}

/** A slide as the editor holds it: what was saved, or a new one; a chosen picture shows at once. */
interface EditedSlide extends HeroSlide {
  id: string;
  /** A local object URL of the picture chosen for it, until Save uploads it. */
  preview: string | null;
  fileName: string | null;
}

let counter = 0;
function slideId(): string {
  counter += 1;
  return `slide-${counter}`;
}

function editable(slides: HeroSlide[]): EditedSlide[] {
  return slides.map((slide) => ({ ...slide, id: slideId(), preview: null, fileName: null }));
}

/**
 * The hero's texts and slides. Slides are added, removed, reordered and edited here, and nothing
 * is saved until Save: the whole form (with a picture file per slide that got a new one) goes to
 * the tab's action. Before JavaScript the same form saves the texts and pictures of the slides
 * shown; adding, removing and moving need the script.
 */
export function HeroEditor({ hero, result }: { hero: HeroContent; result: HeroFormResult | null }) {
  const t = useT();
  const showToast = useToast();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const values = result?.values ?? hero;
  const [slides, setSlides] = useState<EditedSlide[]>(() => editable(values.slides));
  const errors = result?.fieldErrors ?? {};
  const error = (field: string) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "hero";
  const slidesId = useId();

  // A save redirects here with the saved slides: the editor starts again from them.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setSlides(editable(hero.slides));
  }

  useEffect(() => {
    if (!result) return;
    showToast(result.toast);
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [result, showToast]);

  // Local previews end with the editor.
  const slidesRef = useRef(slides);
  useEffect(() => {
    slidesRef.current = slides;
  }, [slides]);
  useEffect(
    () => () => {
      for (const slide of slidesRef.current) if (slide.preview) URL.revokeObjectURL(slide.preview);
    },
    [],
  );

  function update(id: string, change: Partial<EditedSlide>) {
    setSlides((list) => list.map((slide) => (slide.id === id ? { ...slide, ...change } : slide)));
  }

  function move(index: number, to: number, control: "up" | "down") {
    const moved = slides[index];
    if (!moved || to < 0 || to >= slides.length) return;
    setSlides((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(to, 0, item!);
      return next;
    });
    // Keyboard focus stays on the control that moved the slide (or its other one at an end).
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector(`[data-slide="${moved.id}"]`);
      const button =
        row?.querySelector<HTMLButtonElement>(`[data-control="${control}"]:not(:disabled)`) ??
        row?.querySelector<HTMLButtonElement>("[data-control]:not(:disabled)");
      button?.focus();
    });
  }

  function remove(id: string) {
    const slide = slides.find((s) => s.id === id);
    if (slide?.preview) URL.revokeObjectURL(slide.preview);
    setSlides((list) => list.filter((s) => s.id !== id));
  }

  function add() {
    const slide: EditedSlide = {
      id: slideId(),
      imageUrl: "",
      alt: "",
      description: "",
      preview: null,
      fileName: null,
    };
    setSlides((list) => (list.length >= MAX_HERO_SLIDES ? list : [...list, slide]));
    requestAnimationFrame(() => {
      listRef.current
        ?.querySelector<HTMLInputElement>(`[data-slide="${slide.id}"] input[type="file"]`)
        ?.focus();
    });
  }

  async function choose(slide: EditedSlide, input: HTMLInputElement) {
    const file = input.files?.[0];
    if (slide.preview) URL.revokeObjectURL(slide.preview);
    if (!file) {
      update(slide.id, { preview: null, fileName: null });
      return;
    }
    const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
    const problem = imageProblem(file.size, head);
    if (problem) {
      showToast(imageProblemToast(problem, file.name));
      input.value = "";
      update(slide.id, { preview: null, fileName: null });
      return;
    }
    update(slide.id, { preview: URL.createObjectURL(file), fileName: file.name });
  }

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      key={location.key}
      className={cn(cardVariants({ elevated: false }), "space-y-6 p-4 sm:p-6")}
    >
      <input type="hidden" name="intent" value="hero" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          name="title"
          label={t("dashboard.hero.heroTitle")}
          defaultValue={values.title}
          maxLength={MAX_HERO_TITLE_LENGTH}
          required
          error={error("title")}
          className="sm:col-span-2"
        />
        <Field
          name="subtitle"
          label={t("dashboard.hero.heroSubtitle")}
          defaultValue={values.subtitle}
          maxLength={MAX_HERO_SUBTITLE_LENGTH}
          required
          error={error("subtitle")}
          className="sm:col-span-2"
        />
        <TextArea
          name="description"
          label={t("dashboard.hero.heroDescription")}
          defaultValue={values.description}
          maxLength={MAX_HERO_DESCRIPTION_LENGTH}
          error={error("description")}
        />
      </div>

      <div role="group" aria-labelledby={`${slidesId}-label`} aria-describedby={`${slidesId}-hint`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={`${slidesId}-label`} className="text-base font-semibold text-ink">
            {t("dashboard.hero.slides")}
          </h3>
          <p className="text-xs font-medium text-muted" aria-live="polite">
            {slides.length} / {MAX_HERO_SLIDES}
          </p>
        </div>
        <p id={`${slidesId}-hint`} className="mt-1 mb-3 text-xs text-subtle">
          {t("dashboard.hero.slidesHint")}
        </p>
        {error("slides") && (
          <p role="alert" className="mb-3 text-sm text-danger">
            {error("slides")}
          </p>
        )}
        <ol ref={listRef} className="space-y-4">
          {slides.map((slide, index) => (
            <SlideRow
              key={slide.id}
              slide={slide}
              index={index}
              count={slides.length}
              hydrated={hydrated}
              error={(field) => error(`slides.${index}.${field}`)}
              onChoose={(input) => void choose(slide, input)}
              onMove={(to, control) => move(index, to, control)}
              onRemove={() => remove(slide.id)}
            />
          ))}
        </ol>
        {hydrated && (
          <Button
            type="button"
            variant="outline"
            size="md"
            className="mt-4 gap-1.5"
            disabled={slides.length >= MAX_HERO_SLIDES}
            onClick={add}
          >
            <Plus aria-hidden className="size-4" />
            {t("dashboard.hero.addSlide")}
          </Button>
        )}
      </div>

      <div className="flex justify-end">
        <SubmitButton
          pending={saving}
          label={t("dashboard.hero.save")}
          pendingLabel={t("dashboard.hero.saving")}
          className="sm:w-auto"
        />
      </div>
    </Form>
  );
}

function TextArea({
  name,
  label,
  defaultValue,
  maxLength,
  error,
}: {
  name: string;
  label: string;
  defaultValue: string;
  maxLength: number;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name={name}
        rows={3}
        defaultValue={defaultValue}
        maxLength={maxLength}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function SlideRow({
  slide,
  index,
  count,
  hydrated,
  error,
  onChoose,
  onMove,
  onRemove,
}: {
  slide: EditedSlide;
  index: number;
  count: number;
  hydrated: boolean;
  error: (field: "imageUrl" | "alt" | "description") => string | undefined;
  onChoose: (input: HTMLInputElement) => void;
  onMove: (to: number, control: "up" | "down") => void;
  onRemove: () => void;
}) {
  const t = useT();
  const fileId = useId();
  const number = index + 1;
  const stored = slide.imageUrl ? heroImageSources(slide.imageUrl) : null;
  const imageError = error("imageUrl");
  return (
    <li
      data-slide={slide.id}
      aria-label={t("dashboard.hero.slide", { number })}
      className={cn(
        "grid gap-4 rounded-lg border border-line p-3 sm:grid-cols-[12rem_1fr] sm:p-4",
        imageError && "border-danger-light",
      )}
    >
      <input type="hidden" name="slideImage" value={slide.imageUrl} />
      <div>
        <div className="relative aspect-video overflow-hidden rounded-md bg-surface-muted">
          {slide.preview ? (
            <img
              src={slide.preview}
              alt={t("dashboard.hero.preview", { number })}
              className="size-full object-cover"
            />
          ) : stored ? (
            <img
              src={stored.src}
              srcSet={stored.srcSet}
              sizes="12rem"
              alt={t("dashboard.hero.preview", { number })}
              loading="lazy"
              className="size-full object-cover"
            />
          ) : (
            <p className="flex size-full items-center justify-center gap-1.5 text-xs text-subtle">
              <ImagePlus aria-hidden className="size-4" />
              {t("dashboard.hero.noImage")}
            </p>
          )}
        </div>
        <Label htmlFor={fileId} className="mt-2 text-xs">
          {slide.imageUrl ? t("dashboard.hero.replaceImage") : t("dashboard.hero.chooseImage")}
        </Label>
        <Input
          id={fileId}
          name="slideFile"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? `${fileId}-error` : undefined}
          onChange={(event) => onChoose(event.currentTarget)}
          className="h-auto px-2 py-1.5 text-xs file:mr-2 file:rounded file:border-0 file:bg-primary-tint file:px-2 file:py-1 file:text-xs file:font-semibold file:text-primary-strong"
        />
        {slide.fileName && (
          <p className="mt-1 text-xs break-all text-muted">
            {t("dashboard.hero.chosenImage", { name: slide.fileName })}
          </p>
        )}
        {imageError && (
          <p id={`${fileId}-error`} className="mt-1 text-sm text-danger">
            {imageError}
          </p>
        )}
      </div>
      <div className="min-w-0 space-y-3">
        <div className="flex items-center justify-between gap-2">
          <p className="font-semibold text-ink">{t("dashboard.hero.slide", { number })}</p>
          {hydrated && (
            <div className="flex gap-1">
              <Button
                type="button"
                variant="ghost"
                size="icon"
                data-control="up"
                disabled={index === 0}
                onClick={() => onMove(index - 1, "up")}
                aria-label={t("dashboard.hero.moveUp", { number })}
                className="disabled:opacity-30"
              >
                <ArrowUp aria-hidden className="size-4" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                data-control="down"
                disabled={index === count - 1}
                onClick={() => onMove(index + 1, "down")}
                aria-label={t("dashboard.hero.moveDown", { number })}
                className="disabled:opacity-30"
              >
                <ArrowDown aria-hidden className="size-4" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                data-control="remove"
                disabled={count <= 1}
                onClick={onRemove}
                aria-label={t("dashboard.hero.removeSlide", { number })}
                className="text-danger hover:bg-danger-tint hover:text-danger-strong disabled:opacity-30"
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </div>
          )}
        </div>
        <Field
          name="slideAlt"
          label={t("dashboard.hero.alt")}
          defaultValue={slide.alt}
          maxLength={MAX_SLIDE_ALT_LENGTH}
          required
          error={error("alt")}
        />
        <Field
          name="slideDescription"
          label={t("dashboard.hero.description")}
          defaultValue={slide.description}
          maxLength={MAX_SLIDE_DESCRIPTION_LENGTH}
          error={error("description")}
        />
      </div>
    </li>
  );
}
