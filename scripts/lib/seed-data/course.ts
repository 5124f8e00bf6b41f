// Student video testimonials for /curso (course_testimonials): short vertical clips.
import { demoDate, demoId } from "./ids.ts";
import type { Prisma } from "../../../app/generated/prisma-sqlite/client.ts";

export const courseTestimonials: Prisma.CourseTestimonialCreateInput[] = [
  { id: demoId("course-testimonial-01"), studentName: "Mariana Lopes", videoUrl: "/demo/videos/aluno-mariana.mp4", orderIndex: 1, createdAt: demoDate(10) },
  { id: demoId("course-testimonial-02"), studentName: "Rafael Nogueira", videoUrl: "/demo/videos/aluno-rafael.mp4", orderIndex: 2, createdAt: demoDate(9) },
  {
    id: demoId("course-testimonial-03"),
    studentName: "Patrícia Siqueira",
    videoUrl: "/demo/videos/aluno-patricia.mp4",
    orderIndex: 3,
    createdAt: demoDate(8),
  },
];
