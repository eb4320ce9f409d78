import { AlertCircle, ArrowLeft, ArrowRight, ImagePlus, RotateCw, Star, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { MAX_LISTING_IMAGES } from "../../lib/listing-values.ts";
import { imageLimitToast } from "../../lib/schemas/listing.ts";
import {
  imageProblemToast,
  IMAGE_ACCEPT,
  IMAGE_SNIFF_BYTES,
  imageProblem,
} from "../../lib/schemas/image.ts";
import type { StoredImageRef } from "../../lib/schemas/listing-view.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { Label } from "../ui/input.tsx";

export const UPLOAD_ENDPOINT = "/api/v1/uploads/listing-images";

/** One image of the form: uploaded (it has a key), on its way, or failed. */
export interface ImageItem {
  id: string;
  key: string | null;
  width: number;
  height: number;
  status: "uploading" | "done" | "error";
  /** Percent of the file sent. */
  progress: number;
  name: string;
  /** A local object URL while the file is at hand: shown without downloading anything. */
  previewUrl: string | null;
  error: string | null;
  /** Already part of the listing being edited: removing it is decided on Update. */
  fromListing: boolean;
}

export function storedItem(image: StoredImageRef, fromListing: boolean): ImageItem {
  return {
    id: image.key,
    key: image.key,
    width: image.width,
    height: image.height,
    status: "done",
    progress: 100,
    name: "",
    previewUrl: null,
    error: null,
    fromListing,
  };
}

interface UploadResponse {
  key: string;
  width: number;
  height: number;
}

function errorMessage(xhr: XMLHttpRequest, fallback: string): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { message?: string } };
    return body.error?.message ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * The form's images: each chosen file is checked here (size and first bytes, as the server
 * checks them) and uploaded at once with its own progress; the server answers with the key of
 * the processed image. Removing an upload that no listing uses yet deletes it on the server.
 */
export function useImageUploads(initial: ImageItem[]) {
  const t = useT();
  const showToast = useToast();
  const [items, setItems] = useState<ImageItem[]>(initial);
  const requests = useRef(new Map<string, XMLHttpRequest>());
  const files = useRef(new Map<string, File>());
  const counter = useRef(0);

  // Object URLs and unfinished requests end with the form.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  useEffect(() => {
    const pending = requests.current;
    return () => {
      for (const xhr of pending.values()) xhr.abort();
      for (const item of itemsRef.current)
        if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    };
  }, []);

  const update = useCallback((id: string, change: Partial<ImageItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const upload = useCallback(
    (id: string, file: File) => {
      const xhr = new XMLHttpRequest();
      requests.current.set(id, xhr);
      xhr.open("POST", UPLOAD_ENDPOINT);
      xhr.responseType = "text";
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) {
          update(id, { progress: Math.min(100, Math.round((event.loaded / event.total) * 100)) });
        }
      };
      xhr.onload = () => {
        requests.current.delete(id);
        if (xhr.status === 201) {
          const body = JSON.parse(xhr.responseText) as UploadResponse;
          files.current.delete(id);
          update(id, {
            key: body.key,
            width: body.width,
            height: body.height,
            status: "done",
            progress: 100,
            error: null,
          });
        } else {
          const message = errorMessage(xhr, `HTTP ${xhr.status}`);
          update(id, { status: "error", error: message });
          showToast({
            title: "publish.toasts.uploadFailed",
            description: "publish.images.failed",
            params: { name: file.name, message },
            variant: "destructive",
          });
        }
      };
      xhr.onerror = () => {
        requests.current.delete(id);
        update(id, { status: "error", error: t("publish.images.networkError") });
      };
      const body = new FormData();
      body.append("file", file, file.name);
      xhr.send(body);
    },
    [showToast, t, update],
  );

  const add = useCallback(
    async (chosen: File[]) => {
      const room = MAX_LISTING_IMAGES - itemsRef.current.length;
      if (chosen.length > room) showToast(imageLimitToast());
      for (const file of chosen.slice(0, Math.max(0, room))) {
        const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
        const problem = imageProblem(file.size, head);
        if (problem) {
          showToast(imageProblemToast(problem, file.name));
          continue;
        }
        counter.current += 1;
        const id = `new-${Date.now().toString(36)}-${counter.current}`;
        files.current.set(id, file);
        const item: ImageItem = {
          id,
          key: null,
          width: 0,
          height: 0,
          status: "uploading",
          progress: 0,
          name: file.name,
          previewUrl: URL.createObjectURL(file),
          error: null,
          fromListing: false,
        };
        setItems((list) => (list.length >= MAX_LISTING_IMAGES ? list : [...list, item]));
        upload(id, file);
      }
    },
    [showToast, upload],
  );

  const remove = useCallback((id: string) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (!item) return;
    requests.current.get(id)?.abort();
    requests.current.delete(id);
    files.current.delete(id);
    if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    if (item.key && !item.fromListing) {
      // An upload no listing uses: gone from the server too (stale ones are swept anyway).
      void fetch(`${UPLOAD_ENDPOINT}?key=${encodeURIComponent(item.key)}`, {
        method: "DELETE",
      }).catch(() => undefined);
    }
    setItems((list) => list.filter((i) => i.id !== id));
  }, []);

  const retry = useCallback(
    (id: string) => {
      const file = files.current.get(id);
      if (!file) return;
      update(id, { status: "uploading", progress: 0, error: null });
      upload(id, file);
    },
    [update, upload],
  );

  const move = useCallback((id: string, to: number) => {
    setItems((list) => {
      const from = list.findIndex((i) => i.id === id);
      if (from < 0 || to < 0 || to >= list.length || from === to) return list;
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
  }, []);

  /** Forgets every image without deleting anything (after a successful publish). */
  const reset = useCallback((next: ImageItem[]) => setItems(next), []);

  return { items, add, remove, retry, move, reset };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;

function thumbSources(key: string) {
  const base = `/media/${key}`;
  return { src: `${base}-thumb.webp`, srcSet: `${base}-thumb.webp 160w, ${base}-card.webp 640w` };
}

/** A small icon button under an image tile: move earlier, make it the cover, move later. */
function TileControl({ className, ...props }: React.ComponentProps<"button">) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn("size-8 rounded-md hover:text-muted disabled:opacity-30", className)}
      {...props}
    />
  );
}

/** The image tiles with progress, order, cover and remove, and the button that adds more. */
export function ImageUploader({ uploads, error }: { uploads: ImageUploads; error?: string }) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const { items } = uploads;
  const full = items.length >= MAX_LISTING_IMAGES;

  // A moved tile keeps keyboard focus on the control that moved it.
  const focusAfterMove = (itemId: string, control: string) => {
    requestAnimationFrame(() => {
      const button = listRef.current?.querySelector<HTMLButtonElement>(
        `[data-item="${itemId}"][data-control="${control}"]:not(:disabled)`,
      );
      (
        button ?? listRef.current?.querySelector<HTMLButtonElement>(`[data-item="${itemId}"]`)
      )?.focus();
    });
  };

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <p id={`${id}-label`} className="text-sm font-medium text-ink-soft">
          {t("publish.fields.images")}
        </p>
        <p className="text-xs font-medium text-muted" aria-live="polite">
          {t("publish.images.count", { count: items.length, max: MAX_LISTING_IMAGES })}
        </p>
      </div>
      <p id={`${id}-hint`} className="mb-3 text-xs text-subtle">
        {t("publish.images.helper")}
      </p>

      <ol ref={listRef} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {items.map((item, index) => {
          const position = index + 1;
          const stored = item.key ? thumbSources(item.key) : null;
          return (
            <li
              key={item.id}
              className={cn(
                cardVariants({ elevated: false }),
                "relative flex flex-col overflow-hidden",
                item.status === "error" && "border-danger-light",
              )}
            >
              <div className="relative aspect-[4/3] bg-surface-muted">
                {item.previewUrl ? (
                  <img
                    src={item.previewUrl}
                    alt={t("publish.images.alt", { position })}
                    className="size-full object-cover"
                  />
                ) : stored ? (
                  <img
                    src={stored.src}
                    srcSet={stored.srcSet}
                    sizes="(min-width: 1024px) 150px, 45vw"
                    width={item.width || undefined}
                    height={item.height || undefined}
                    alt={t("publish.images.alt", { position })}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                ) : null}
                {index === 0 && item.status !== "error" && (
                  <Badge
                    tone="accent"
                    className="absolute top-1.5 left-1.5 inline-flex items-center gap-1 font-bold shadow"
                  >
                    <Star aria-hidden className="size-3 fill-white" />
                    {t("publish.images.cover")}
                  </Badge>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  data-item={item.id}
                  data-control="remove"
                  onClick={() => uploads.remove(item.id)}
                  aria-label={t("publish.images.remove", { position })}
                  className="absolute top-1.5 right-1.5 size-8 rounded-full bg-surface/95 text-secondary shadow hover:bg-surface/95 hover:text-danger"
                >
                  <X aria-hidden className="size-4" />
                </Button>
                {item.status === "uploading" && (
                  <div className="absolute inset-x-0 bottom-0 bg-scrim/70 px-2 py-1.5 text-white">
                    <p className="truncate text-[11px]">
                      {item.progress < 100
                        ? t("publish.images.progress", { percent: item.progress })
                        : t("publish.images.processing")}
                    </p>
                    <div
                      role="progressbar"
                      aria-label={t("publish.images.uploading", { name: item.name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={item.progress}
                      className="mt-1 h-1.5 overflow-hidden rounded-full bg-surface/30"
                    >
                      <div
                        className={cn(
                          "h-full rounded-full bg-accent-bright transition-[width]",
                          item.progress >= 100 && "animate-pulse",
                        )}
                        style={{ width: `${item.progress}%` }}
                      />
                    </div>
                  </div>
                )}
                {item.status === "error" && (
                  <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-danger-tint/95 p-2 text-center text-xs text-danger-strong">
                    <AlertCircle aria-hidden className="size-5" />
                    <p className="line-clamp-3">{item.error}</p>
                  </div>
                )}
              </div>
              <div className="flex items-center justify-between gap-1 p-1.5">
                {item.status === "error" ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => uploads.retry(item.id)}
                    className="h-8 gap-1 rounded-md px-2 text-xs text-danger-strong hover:bg-danger-tint hover:text-danger-strong"
                  >
                    <RotateCw aria-hidden className="size-3.5" />
                    {t("publish.images.retry")}
                  </Button>
                ) : (
                  <>
                    <TileControl
                      data-item={item.id}
                      data-control="earlier"
                      disabled={index === 0}
                      onClick={() => {
                        uploads.move(item.id, index - 1);
                        focusAfterMove(item.id, "earlier");
                      }}
                      aria-label={t("publish.images.moveEarlier", { position })}
                    >
                      <ArrowLeft aria-hidden className="size-4" />
                    </TileControl>
                    <TileControl
                      data-item={item.id}
                      data-control="cover"
                      disabled={index === 0}
                      onClick={() => {
                        uploads.move(item.id, 0);
                        focusAfterMove(item.id, "remove");
                      }}
                      aria-label={t("publish.images.makeCover", { position })}
                    >
                      <Star aria-hidden className="size-4" />
                    </TileControl>
                    <TileControl
                      data-item={item.id}
                      data-control="later"
                      disabled={index === items.length - 1}
                      onClick={() => {
                        uploads.move(item.id, index + 1);
                        focusAfterMove(item.id, "later");
                      }}
                      aria-label={t("publish.images.moveLater", { position })}
                    >
                      <ArrowRight aria-hidden className="size-4" />
                    </TileControl>
                  </>
                )}
              </div>
            </li>
          );
        })}
        {!full && (
          <li>
            <label
              htmlFor={`${id}-input`}
              className="flex aspect-[4/3] h-full min-h-28 w-full cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed border-line-strong bg-canvas p-3 text-center text-sm font-semibold text-primary-strong hover:border-primary-vivid hover:bg-primary-tint has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-vivid/40"
            >
              <ImagePlus aria-hidden className="size-6" />
              {t("publish.images.choose")}
              <input
                ref={inputRef}
                id={`${id}-input`}
                type="file"
                accept={IMAGE_ACCEPT}
                multiple
                className="sr-only"
                onChange={(event) => {
                  const chosen = Array.from(event.currentTarget.files ?? []);
                  // Cleared so the same file can be chosen again after a removal.
                  event.currentTarget.value = "";
                  void uploads.add(chosen);
                }}
              />
            </label>
          </li>
        )}
      </ol>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Before JavaScript: a plain file input whose images go with the form. */
export function PlainImageInput({ error }: { error?: string }) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{t("publish.fields.images")}</Label>
      <input
        id={id}
        type="file"
        name="imageFiles"
        accept={IMAGE_ACCEPT}
        multiple
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        className="block w-full text-sm text-secondary file:mr-3 file:h-10 file:rounded-lg file:border-0 file:bg-primary-tint file:px-4 file:font-semibold file:text-primary-strong"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-subtle">
        {t("publish.images.helper")} · {t("publish.images.noJs")}
      </p>
      {error && <p className="mt-1 text-sm text-danger">{error}</p>}
    </div>
  );
}
