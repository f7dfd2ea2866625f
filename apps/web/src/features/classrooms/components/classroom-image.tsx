import { Box, Center, Image, Skeleton } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useClassroomImage } from '../api/get-classroom-image';

interface ClassroomImageProps {
  imageUrl: string | null;
  name: string;
  height: number;
}

/** The classroom's image, or a calm placeholder when it has none (or it failed to load). */
export function ClassroomImage({ imageUrl, name, height }: ClassroomImageProps) {
  const { src, isLoading } = useClassroomImage(imageUrl);
  if (isLoading) return <Skeleton h={height} radius={0} />;
  if (src) return <Image src={src} alt={`Image of ${name}`} h={height} fit="cover" />;
  return (
    <Box
      h={height}
      bg="light-dark(var(--mantine-color-green-0), var(--mantine-color-dark-5))"
      aria-hidden
    >
      <Center h="100%">
        <IconSchool
          size={Math.min(48, height / 2)}
          stroke={1.2}
          color="var(--mantine-color-green-6)"
        />
      </Center>
    </Box>
  );
}
