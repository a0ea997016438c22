import { ApiProperty } from '@nestjs/swagger';
import { PasswordField } from '../../auth/dto/auth.dto';

export class DeleteAccountDto {
  @ApiProperty({ description: 'A senha atual, como confirmação.' })
  @PasswordField('a sua senha para confirmar')
  password: string;
}
